package org.graphsha.config;

import java.util.Map;
import java.util.Optional;

import org.graphsha.catalog.ModelNames;

/**
 * Configuration of {@code graphsha.model.export} and {@code graphsha.model.import}: a model file inside the import
 * directory, and for an import the name to store it under. Only files ending in {@link #EXTENSION} are written or
 * read, so an export never replaces a user's data file.
 */
public record ModelTransferConfig(String fileName, Optional<String> modelName, boolean overwrite) {

    public static final String EXTENSION = ".graphsha-model";

    public static ModelTransferConfig export(String modelName, Map<String, Object> map) {
        ModelNames.validate(modelName);
        ConfigReader reader = new ConfigReader(map);
        String fileName = fileName("fileName", reader.string("fileName", modelName + EXTENSION));
        boolean overwrite = reader.bool("overwrite", false);
        reader.finish();
        return new ModelTransferConfig(fileName, Optional.of(modelName), overwrite);
    }

    public static ModelTransferConfig importing(String fileName, Map<String, Object> map) {
        ConfigReader reader = new ConfigReader(map);
        Optional<String> modelName = reader.optionalString("modelName").map(ModelNames::validate);
        boolean overwrite = reader.bool("overwrite", false);
        reader.finish();
        return new ModelTransferConfig(fileName("fileName", fileName), modelName, overwrite);
    }

    private static String fileName(String key, String value) {
        if (value == null || !value.endsWith(EXTENSION) || value.length() == EXTENSION.length()) {
            throw new IllegalArgumentException("Invalid value '" + value + "' for `" + key + "`: a model file's name "
                + "ends in " + EXTENSION + ", for example 'models/fraud" + EXTENSION + "' inside the import directory");
        }
        return value;
    }
}
