package org.graphsha.spark;

import org.graphsha.catalog.CatalogUser;
import org.graphsha.catalog.ModelCatalog;
import org.graphsha.catalog.TrainedModel;
import org.graphsha.nn.BackboneKind;

/**
 * Where the job's model comes from and where it goes: a model file in {@code graphsha.model.export}'s format, or the
 * server's models directory, where the job reads and writes shared models (the plugin's catalog rules: every user
 * reads a shared model, and {@code graphsha.model.drop} removes it). Both are written whole or not at all.
 */
final class JobModels {

    private static final CatalogUser SHARED = new CatalogUser("", false);

    private JobModels() {}

    /** The model {@code task=predict} scores with: a sign model, since its hop features are what Spark computes. */
    static TrainedModel load(JobConfig config) {
        TrainedModel model = config.modelFile() != null ? ModelCatalog.readFile(config.modelFile())
            : ModelCatalog.at(config.modelsFolder(), SHARED).get(config.modelName());
        if (config.modelName() != null && !model.name().equals(config.modelName())) {
            throw new IllegalArgumentException("modelFile " + config.modelFile() + " holds model `" + model.name()
                + "`, but modelName was `" + config.modelName() + "`; drop modelName, or name the file's model");
        }
        if (model.spec().kind() != BackboneKind.SIGN) {
            throw new IllegalArgumentException("model `" + model.name() + "` has backbone `"
                + model.spec().kind().name().toLowerCase(java.util.Locale.ROOT) + "`, but the Spark job scores "
                + "backbone: 'sign' models only (their hop features are what Spark computes); train one with "
                + "backbone: 'sign', or score this one with graphsha.predict.*");
        }
        if (model.featureProperties().size() != 1) {
            throw new IllegalArgumentException("model `" + model.name() + "` reads the feature properties "
                + model.featureProperties() + ", but the Spark job reads one list-valued feature property");
        }
        return model;
    }

    /** Checked before the job reads anything, so that a long run is not wasted on a model it cannot store. */
    static void requireStorable(JobConfig config) {
        if (config.modelsFolder() != null) {
            ModelCatalog.at(config.modelsFolder(), SHARED).requireStorable(config.modelName(), config.overwrite());
        }
        if (config.modelFile() != null && !config.overwrite() && java.nio.file.Files.exists(config.modelFile())) {
            throw new IllegalArgumentException("The file " + config.modelFile() + " (modelFile) already exists; pass "
                + "overwrite=true to replace it, or choose another modelFile");
        }
    }

    static void store(TrainedModel model, JobConfig config) {
        if (config.modelsFolder() != null) {
            ModelCatalog.at(config.modelsFolder(), SHARED).store(model, config.overwrite());
        }
        if (config.modelFile() != null) {
            ModelCatalog.writeFile(model, config.modelFile(), config.overwrite());
        }
    }
}
