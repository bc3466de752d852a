package org.graphsha.live;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongPredicate;

import org.graphsha.catalog.TrainedModel;
import org.graphsha.graph.FeatureTransform;
import org.graphsha.graph.ProjectionSchema;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.live.rows.ModelRows;
import org.graphsha.live.rows.NodeRows;
import org.graphsha.live.rows.ReceptiveField;
import org.graphsha.live.rows.RowGraph;
import org.graphsha.nn.EngineRuntime;
import org.graphsha.nn.Engines;
import org.graphsha.nn.FieldForward;
import org.graphsha.nn.HopBackbone;
import org.graphsha.nn.MessageGraph;
import org.graphsha.training.Inference;
import org.graphsha.training.ensemble.ProbabilityMean;
import org.graphsha.training.loop.FeatureMode;
import org.neo4j.graphdb.Transaction;

/**
 * Classifies given nodes with a stored model from their receptive field in the database, without a
 * projection ({@code graphsha.predict.nodes}). A two-layer model's output for a node depends on the
 * node's two-hop neighbourhood, and on the degrees of those neighbours when GCN normalises
 * symmetrically; those are read in the caller's transaction as the training projection's labels and
 * types would give them, normalised as in training, and run through the same backbone as
 * {@code predict.stream}. So for a node whose neighbourhood is unchanged the probabilities are those of
 * {@code predict.stream} up to float rounding (docs/procedures.md).
 *
 * <p>Two tiers of cached per-node values make warm calls cheap (docs/design.md): each node's layer-1
 * output with its degree, with which a target only needs its own neighbours (one hop), and each node's
 * first-layer X·W, from which a missing layer-1 output needs its node's neighbours. A transaction with
 * uncommitted graph changes, and a neighbour cap, use X·W over the two hops.
 */
public final class NodePredictPipeline {

    /**
     * Up to this many nodes to compute a layer for, it runs in plain Java on the rows needed
     * ({@link FieldForward}); above, on the engine over the whole field, whose matrix products win.
     */
    static final int FIELD_FORWARD_LIMIT = 50_000;

    /**
     * Per distinct input node, in input order: Neo4j id, predicted class value (by the model's decision rule), calibrated
     * class probabilities and the predicted class's.
     */
    public record Predictions(long[] neo4jIds, Object[] classValues, double[][] probabilities, double[] confidence,
                              long nanos, long fieldNodes) {}

    private final TrainedModel model;
    private final Transaction tx;
    private final ReceptiveFields.Scope scope;
    /** The graph this call reads, which keys the cached rows. */
    private final RowGraph graph;
    private final NodeRows rows;
    /** Nodes whose features or labels the transaction changed, or null when it changed nothing. */
    private final LongPredicate changed;
    private final FeatureTransform featureTransform;
    private final NodePredictConfig config;
    private EngineRuntime runtime;
    private long fieldNodes;

    private NodePredictPipeline(NodePredictConfig config, ModelRows loaded, String database, Transaction tx) {
        this.config = config;
        this.model = loaded.model();
        this.tx = tx;
        this.featureTransform = model.featureTransform();
        this.changed = NodeChanges.changedInTransaction(tx, model.featureProperties());
        ReceptiveFields.Scope read = scope(config, model);
        this.graph = new RowGraph(database, read.nodeLabels(), read.relationshipTypes());
        this.rows = loaded.rows(graph);
        // A cached row stands for its node's labels too: rows go when labels change (ModelRows.forgetNodes).
        LongPredicate changedNow = changed;
        NodeRows cached = rows;
        this.scope = read.withKnownMembers(id -> (changedNow == null || !changedNow.test(id)) && cached.contains(id));
    }

    /**
     * @param loaded   the model, with its cached rows
     * @param database the key of the caller's database for those rows ({@link LiveScoring#databaseKey})
     */
    public static Predictions run(NodePredictConfig config, ModelRows loaded, String database, Transaction tx,
                                  long[] nodeIds) {
        TrainedModel model = loaded.model();
        requireNoStructureMarker(model);
        long[] targets = Arrays.stream(nodeIds).distinct().toArray();
        boolean layered = config.maxNeighbours() == 0 && !NodeChanges.hasGraphChanges(tx, model.featureProperties());
        // An ensemble's members each read the field with their own cached rows; their probabilities are averaged.
        List<NodePredictPipeline> members = new ArrayList<>();
        List<NodeRows> hidden = new ArrayList<>();
        for (ModelRows member : loaded.members()) {
            NodePredictPipeline pipeline = new NodePredictPipeline(config, member, database, tx);
            members.add(pipeline);
            hidden.add(layered ? member.hidden(pipeline.graph) : null);
        }
        int classes = model.classCount();
        Object[] predicted = new Object[targets.length];
        double[][] probabilities = new double[targets.length][];
        double[] confidence = new double[targets.length];
        long start = System.nanoTime();
        long fieldNodes = 0;
        for (int from = 0; from < targets.length; from += config.batchSize()) {
            long[] batch = Arrays.copyOfRange(targets, from, Math.min(targets.length, from + config.batchSize()));
            ProbabilityMean mean = new ProbabilityMean(batch.length, classes, members.size());
            for (int m = 0; m < members.size(); m++) {
                NodePredictPipeline pipeline = members.get(m);
                NodeRows rows = hidden.get(m);
                mean.add(layered && (batch.length <= FIELD_FORWARD_LIMIT || mostlyCached(rows, batch))
                    ? pipeline.fromHidden(batch, rows) : pipeline.fromProjection(batch, rows), model.logitOffsets());
            }
            double[][] p = mean.probabilities();
            for (int i = 0; i < batch.length; i++) {
                double[] calibrated = model.decision().calibrate(p[i]);
                int c = model.decision().classOf(p[i], calibrated);
                probabilities[from + i] = calibrated;
                confidence[from + i] = calibrated[c];
                predicted[from + i] = model.classValues().get(c);
            }
        }
        long elapsed = System.nanoTime() - start;
        for (NodePredictPipeline pipeline : members) {
            fieldNodes += pipeline.fieldNodes;
        }
        return new Predictions(targets, predicted, probabilities, confidence, elapsed, fieldNodes);
    }

    /**
     * Whether at least 90 % of a large batch's targets have their layer-1 outputs: then their neighbours
     * most likely have theirs too, and one hop is read; otherwise two hops and one engine pass are cheaper
     * than computing most outputs first.
     */
    private static boolean mostlyCached(NodeRows hidden, long[] batch) {
        int[] missing = hidden.gather(batch, i -> true, new float[batch.length * hidden.width()]);
        return missing.length <= batch.length / 10;
    }

    /**
     * Logits from the targets' neighbours' layer-1 outputs: one hop read; outputs not cached are computed
     * from their nodes' neighbourhoods ({@link #layerOne}) and kept.
     */
    private float[] fromHidden(long[] batch, NodeRows hidden) {
        long epoch = hidden.epoch();
        ReceptiveField near = ReceptiveFields.read(tx, batch, scope.withFrontierDegrees(false), 1);
        int n = near.nodeCount();
        int width = hidden.width();
        int h = width - 1;
        float[] entries = new float[n * width];
        int[] missing = hidden.gather(near.neo4jIds(), i -> true, entries);
        fieldNodes += n;
        if (missing.length > 0) {
            long[] missingIds = new long[missing.length];
            for (int k = 0; k < missing.length; k++) {
                missingIds[k] = near.neo4jIds()[missing[k]];
            }
            float[] computed = layerOne(missingIds, width, batch);
            for (int k = 0; k < missing.length; k++) {
                System.arraycopy(computed, k * width, entries, missing[k] * width, width);
            }
            hidden.putAll(epoch, missingIds, computed);
        }
        float[] activated = new float[n * h];
        int[] degrees = new int[n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(entries, i * width, activated, i * h, h);
            degrees[i] = (int) entries[i * width + h];
        }
        return batch.length <= FIELD_FORWARD_LIMIT
            ? FieldForward.output(model.spec(), model.parameters(), batch.length, near.messageOffsets(),
                near.messageSources(), degrees, activated)
            : Inference.output(model.spec(), model.parameters(),
                new MessageGraph(n, near.messageSources(), near.messageTargets()), degrees, activated, batch.length,
                engine());
    }

    /** Layer-1 outputs of the given nodes, each followed by its degree: their neighbourhoods read, X·W of it. */
    private float[] layerOne(long[] nodes, int width, long[] scored) {
        ReceptiveField field = ReceptiveFields.read(tx, nodes, scope, 1);
        fieldNodes += field.nodeCount();
        float[] projection = projection(field, scored);
        float[] activated = nodes.length <= FIELD_FORWARD_LIMIT
            ? FieldForward.hidden(model.spec(), model.parameters(), nodes.length, field.messageOffsets(),
                field.messageSources(), field.degrees(), projection)
            : Inference.hidden(model.spec(), model.parameters(),
                new MessageGraph(field.nodeCount(), field.messageSources(), field.messageTargets()), field.degrees(),
                projection, nodes.length, engine());
        int h = width - 1;
        float[] entries = new float[nodes.length * width];
        for (int k = 0; k < nodes.length; k++) {
            System.arraycopy(activated, k * h, entries, k * width, h);
            entries[k * width + h] = field.degrees()[k];
        }
        return entries;
    }

    /**
     * Logits from X·W over the targets' two-hop field, in Java up to {@link #FIELD_FORWARD_LIMIT} expanded
     * nodes, else in one engine pass. The layer-1 outputs computed on the way (exact for the targets and
     * their neighbours) are kept when {@code hidden} is given.
     */
    private float[] fromProjection(long[] batch, NodeRows hidden) {
        long epoch = hidden == null ? 0 : hidden.epoch();
        ReceptiveField field = ReceptiveFields.read(tx, batch, scope, 2);
        fieldNodes += field.nodeCount();
        float[] projection = projection(field, batch);
        int expanded = field.expandedCount();
        float[] logits;
        float[] activated;
        if (expanded > FIELD_FORWARD_LIMIT) {
            Inference.Layers layers = Inference.logitsAndHidden(model.spec(), model.parameters(),
                new MessageGraph(field.nodeCount(), field.messageSources(), field.messageTargets()), field.degrees(),
                projection, batch.length, expanded, engine());
            logits = layers.logits();
            activated = layers.hidden();
        } else {
            activated = FieldForward.hidden(model.spec(), model.parameters(), expanded, field.messageOffsets(),
                field.messageSources(), field.degrees(), projection);
            logits = FieldForward.output(model.spec(), model.parameters(), batch.length, field.messageOffsets(),
                field.messageSources(), field.degrees(), activated);
        }
        if (hidden != null) {
            int h = model.spec().hidden();
            int width = hidden.width();
            float[] entries = new float[expanded * width];
            for (int k = 0; k < expanded; k++) {
                System.arraycopy(activated, k * h, entries, k * width, h);
                entries[k * width + h] = field.degrees()[k];
            }
            hidden.putAll(epoch, Arrays.copyOf(field.neo4jIds(), expanded), entries);
        }
        return logits;
    }

    /**
     * X·W of every node of a field: cached rows, and the others from their features (read, normalised as
     * in training, projected on the engine, then kept unless this transaction changed them).
     */
    private float[] projection(ReceptiveField field, long[] scored) {
        int width = rows.width();
        long epoch = rows.epoch();
        long[] ids = field.neo4jIds();
        float[] projection = new float[ids.length * width];
        int[] missingRows = rows.gather(ids, i -> changed == null || !changed.test(ids[i]), projection);
        if (missingRows.length == 0) {
            return projection;
        }
        long[] missingIds = new long[missingRows.length];
        for (int k = 0; k < missingRows.length; k++) {
            missingIds[k] = ids[missingRows[k]];
        }
        Set<Long> targets = new HashSet<>();
        for (long id : scored) {
            targets.add(id);
        }
        SparseFeatures features = featureTransform.apply(
            ReceptiveFields.features(tx, missingIds, scope, targets::contains));
        float[] computed = Inference.firstLayer(model.parameters(), features, engine(), FeatureMode.AUTO);
        for (int k = 0; k < missingRows.length; k++) {
            System.arraycopy(computed, k * width, projection, missingRows[k] * width, width);
        }
        keep(rows, epoch, missingIds, computed, changed);
        return projection;
    }

    /** The engine serves only features not yet projected and large fields: resolved when first needed. */
    private EngineRuntime engine() {
        if (runtime == null) {
            runtime = Engines.runtime(config.device(), config.concurrency());
        }
        return runtime;
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
    /**
     * A model trained with nodes of a label that has no feature property (merchants beside accounts) reads one more
     * column than its properties give, the structure marker of the GDS adapter; these rows are read from the
     * database, property by property, and would call those nodes' missing properties an error.
     */
    private static void requireNoStructureMarker(TrainedModel model) {
        List<Integer> widths = model.trainingGraph().featureWidths();
        if (widths != null && widths.stream().mapToInt(Integer::intValue).sum() + 1 == model.featureDimension()) {
            throw new IllegalArgumentException("Model `" + model.name() + "` was trained with nodes that carry none of "
                + "its feature properties " + model.featureProperties() + " as structure (a marker column, "
                + "docs/procedures.md); graphsha.predict.nodes reads features from the database and cannot score it: "
                + "use graphsha.predict.stream or graphsha.predict.write on a projection");
        }
    }

    static ReceptiveFields.Scope scope(NodePredictConfig config, TrainedModel model) {
        if (model.spec().backbone() instanceof HopBackbone) {
            throw new IllegalArgumentException("Model `" + model.name() + "` has backbone: 'sign', which "
                + "graphsha.predict.nodes does not score: its nodes need their K-hop features, which are computed on a "
                + "projection. Use graphsha.predict.stream, write, mutate or stats on a GDS graph, or train with "
                + "backbone: 'gcn'");
        }
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
        boolean frontierDegrees = model.spec().backbone().needsNeighbourDegrees();
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

}
