package org.graphsha.pipeline;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.function.LongPredicate;
import java.util.List;

import org.graphsha.catalog.ModelCache;
import org.graphsha.catalog.TrainedModel;
import org.graphsha.config.ConfigReader;
import org.graphsha.config.NodePredictConfig;
import org.graphsha.config.TrainConfig;
import org.graphsha.graph.NodeRows;
import org.graphsha.graph.ProjectionSchema;
import org.graphsha.graph.ReceptiveField;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.EngineRuntime;
import org.graphsha.nn.Engines;
import org.graphsha.nn.FieldForward;
import org.graphsha.nn.GcnNormalization;
import org.graphsha.nn.MessageGraph;
import org.graphsha.store.NodeChanges;
import org.graphsha.store.ReceptiveFields;
import org.graphsha.training.FeatureMode;
import org.graphsha.training.Inference;
import org.neo4j.graphdb.Transaction;

/**
 * Classifies given nodes with a stored model from their receptive field in the database, without a
 * projection ({@code graphsha.predict.nodes}). A two-layer model's output for a node depends on the
 * node's two-hop neighbourhood, and on the degrees of those neighbours when GCN normalises
 * symmetrically; those are read in the caller's transaction as the training projection's labels and
 * types would give them, normalised as in training, and run through the same backbone as
 * {@code predict.stream}. So for a node whose neighbourhood is unchanged the probabilities are those of
 * {@code predict.stream} up to float rounding (docs/procedures.md).
 */
public final class NodePredictPipeline {

    /** Receptive field of a two-layer backbone. */
    static final int HOPS = 2;

    /**
     * Up to this many expanded nodes (targets and their neighbours), the forward pass runs in plain Java on
     * the rows the targets need ({@link FieldForward}); above, on the engine over the whole field, whose
     * matrix products win for large batches.
     */
    static final int FIELD_FORWARD_LIMIT = 50_000;

    /** Per distinct input node, in input order: Neo4j id, predicted class value, class probabilities. */
    public record Predictions(long[] neo4jIds, Object[] classValues, double[][] probabilities, long readNanos,
                              long computeNanos, long fieldNodes) {}

    /** What a committed change does to the cached first-layer rows: a node's go when its features change or it is deleted. */
    public static final NodeChanges.Sink ROW_INVALIDATION = new NodeChanges.Sink() {
        @Override
        public boolean watching(String database) {
            return ModelCache.hasRows(database);
        }

        @Override
        public void changed(String database, java.util.Map<String, long[]> byProperty, long[] deleted) {
            ModelCache.forgetNodes(database, byProperty, deleted);
        }
    };

    private NodePredictPipeline() {}

    /**
     * @param loaded   the model, with its cached first-layer rows
     * @param database the key of the caller's database for those rows ({@code NodeChanges.watch})
     */
    public static Predictions run(NodePredictConfig config, ModelCache.Loaded loaded, String database, Transaction tx,
                                  long[] nodeIds) {
        TrainedModel model = loaded.model();
        long[] targets = Arrays.stream(nodeIds).distinct().toArray();
        ReceptiveFields.Scope scope = scope(config, model);
        // The engine only serves features not yet projected and large fields: resolved when first needed.
        EngineRuntime[] engine = new EngineRuntime[1];
        java.util.function.Supplier<EngineRuntime> runtime = () -> engine[0] != null ? engine[0]
            : (engine[0] = Engines.runtime(config.device(), config.concurrency()));
        TrainConfig.FeatureNormalization normalization = normalization(model);
        // Rows are only valid for committed features: nodes whose features this transaction changed are
        // read afresh, and their rows are not kept.
        LongPredicate changed = NodeChanges.changedInTransaction(tx, model.featureProperties());
        NodeRows rows = loaded.rows(database);
        int width = rows.width();
        // A cached row stands for the node's labels too: rows go when labels change (NodeChanges).
        scope = scope.withKnownMembers(id -> (changed == null || !changed.test(id)) && rows.contains(id));
        int classes = model.classCount();
        Object[] predicted = new Object[targets.length];
        double[][] probabilities = new double[targets.length][];
        long read = 0;
        long compute = 0;
        long fieldNodes = 0;
        for (int from = 0; from < targets.length; from += config.batchSize()) {
            long start = System.nanoTime();
            long[] batch = Arrays.copyOfRange(targets, from, Math.min(targets.length, from + config.batchSize()));
            long epoch = rows.epoch();
            ReceptiveField field = ReceptiveFields.read(tx, batch, scope, HOPS);
            int n = field.nodeCount();
            float[] projection = new float[n * width];
            long[] fieldIds = field.neo4jIds();
            int[] missingRows = rows.gather(fieldIds, i -> changed == null || !changed.test(fieldIds[i]), projection);
            long[] missingIds = new long[missingRows.length];
            for (int k = 0; k < missingRows.length; k++) {
                missingIds[k] = field.neo4jIds()[missingRows[k]];
            }
            Set<Long> scored = new HashSet<>();
            for (long id : batch) {
                scored.add(id);
            }
            SparseFeatures features = Inputs.features(ReceptiveFields.features(tx, missingIds, scope, scored::contains),
                normalization);
            long prepared = System.nanoTime();
            if (missingRows.length > 0) {
                float[] computed = Inference.firstLayer(model.parameters(), features, runtime.get(), FeatureMode.AUTO);
                for (int k = 0; k < missingRows.length; k++) {
                    System.arraycopy(computed, k * width, projection, missingRows[k] * width, width);
                }
                keep(rows, epoch, missingIds, computed, changed);
            }
            float[] logits = field.expandedCount() <= FIELD_FORWARD_LIMIT
                ? FieldForward.logits(model.spec(), model.parameters(), batch.length, field.expandedCount(),
                    field.messageOffsets(), field.messageSources(), field.degrees(), projection)
                : Inference.logits(model.spec(), model.parameters(),
                    new MessageGraph(n, field.messageSources(), field.messageTargets()), field.degrees(), projection,
                    batch.length, runtime.get());
            for (int i = 0; i < batch.length; i++) {
                for (int c = 0; c < classes; c++) {
                    logits[i * classes + c] += (float) model.logitOffsets()[c];
                }
            }
            double[][] p = Inference.probabilities(logits, classes);
            for (int i = 0; i < batch.length; i++) {
                probabilities[from + i] = p[i];
                predicted[from + i] = model.classValues().get(argmax(p[i]));
            }
            read += prepared - start;
            compute += System.nanoTime() - prepared;
            fieldNodes += n;
        }
        return new Predictions(targets, predicted, probabilities, read, compute, fieldNodes);
    }

    /** Caches the computed rows, but not those of nodes whose features the transaction changed. */
    private static void keep(NodeRows rows, long epoch, long[] ids, float[] computed, LongPredicate changed) {
        if (changed == null) {
            rows.putAll(epoch, ids, computed);
            return;
        }
        int width = rows.width();
        long[] kept = Arrays.stream(ids).filter(id -> !changed.test(id)).toArray();
        float[] data = new float[kept.length * width];
        for (int k = 0, j = 0; k < ids.length; k++) {
            if (!changed.test(ids[k])) {
                System.arraycopy(computed, k * width, data, j++ * width, width);
            }
        }
        rows.putAll(epoch, kept, data);
    }

    /** The model's graph in database terms, and what its backbone needs of it. */
    static ReceptiveFields.Scope scope(NodePredictConfig config, TrainedModel model) {
        ProjectionSchema schema = model.projection();
        List<String> labels;
        List<String> types;
        if (schema != null) {
            if (config.nodeLabels().isPresent() || config.relationshipTypes().isPresent()) {
                throw new IllegalArgumentException("Model `" + model.name() + "` reads the labels " + schema.nodeLabels()
                    + " and the relationship types " + schema.relationshipTypes() + " of its training projection; "
                    + "leave nodeLabels and relationshipTypes out");
            }
            labels = schema.nodeLabels();
            types = schema.relationshipTypes();
        } else {
            labels = legacy(config.nodeLabels(), model, "nodeLabels");
            types = legacy(config.relationshipTypes(), model, "relationshipTypes");
        }
        boolean frontierDegrees = model.spec().kind() == BackboneKind.GCN
            && model.spec().gcnNormalization() == GcnNormalization.SYMMETRIC;
        return new ReceptiveFields.Scope(model.name(), labels, types, model.featureProperties(),
            model.featureDimension(), frontierDegrees, config.maxNeighbours(), config.samplingSeed(), null);
    }

    /** A model stored without its projection's schema: the call's keys, else the train call's explicit ones. */
    @SuppressWarnings("unchecked")
    private static List<String> legacy(java.util.Optional<List<String>> given, TrainedModel model, String key) {
        if (given.isPresent()) {
            return given.get().equals(List.of("*")) ? List.of() : given.get();
        }
        Object trained = model.configuration().get(key);
        if (trained instanceof List<?> list && !list.equals(List.of("*"))) {
            return (List<String>) list;
        }
        throw new IllegalArgumentException("Model `" + model.name() + "` was stored without the labels and types of "
            + "its training projection; pass `" + key + "` (the Neo4j names, or '*') or train it again");
    }

    static TrainConfig.FeatureNormalization normalization(TrainedModel model) {
        Object stored = model.configuration().get("featureNormalization");
        for (TrainConfig.FeatureNormalization value : TrainConfig.FeatureNormalization.values()) {
            if (ConfigReader.choiceName(value).equals(stored)) {
                return value;
            }
        }
        return TrainConfig.FeatureNormalization.ROW_SUM;
    }

    /** First maximum wins, as predict.stream's argmax. */
    private static int argmax(double[] values) {
        int best = 0;
        for (int c = 1; c < values.length; c++) {
            if (values[c] > values[best]) {
                best = c;
            }
        }
        return best;
    }
}
