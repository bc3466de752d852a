package org.graphsha.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.graphsha.catalog.CatalogUser;
import org.graphsha.catalog.ModelCatalog;
import org.graphsha.catalog.TrainedModel;
import org.graphsha.catalog.TrainingGraph;
import org.graphsha.config.ConfigReader;
import org.graphsha.config.TrainConfig;
import org.graphsha.data.TrainingData;
import org.graphsha.diffusion.Diffusion;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.ClassDecision;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.FeatureTransform;
import org.graphsha.graph.ProjectionSchema;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.method.Method;
import org.graphsha.method.RunConfig;
import org.graphsha.method.TrainingPlan;
import org.graphsha.method.selection.CrossValidation;
import org.graphsha.nn.ModelSpec;
import org.graphsha.training.loop.EpochListener;

import scala.Tuple2;

/**
 * GraphSHA with the sign backbone on Spark (docs/spark.md): reads the nodes and relationships through the Neo4j
 * Connector for Apache Spark, trains on the driver with graphsha's own trainer, computes the hop features with Spark,
 * scores every node in mapPartitions and writes class and confidence back in one statement per node, then stores the
 * model in the plugin's catalog format. Prints one line per stage with its time.
 */
public final class SparkTrainJob {

    private static final String FORMAT = "org.neo4j.spark.DataSource";

    private SparkTrainJob() {}

    public static void main(String[] args) {
        JobConfig config = JobConfig.parse(args);
        SparkSession spark = SparkSession.builder().appName("graphsha-" + config.train().modelName()).getOrCreate();
        try {
            run(spark, config);
        } finally {
            spark.stop();
        }
    }

    static void run(SparkSession spark, JobConfig config) {
        TrainConfig train = config.train();
        Stages stages = new Stages();
        String feature = train.featureProperties().get(0);

        Dataset<Row> nodes = reader(spark, config).option("labels", ":" + config.nodeLabel()).load()
            .repartition(config.partitions());
        List<String> columns = new ArrayList<>(List.of("<id>", feature, train.targetProperty()));
        train.splitProperty().ifPresent(columns::add);
        Dataset<Row> read = nodes;
        nodes = nodes.select(columns.stream().map(c -> read.col("`" + c + "`")).toArray(org.apache.spark.sql.Column[]::new)).cache();
        Dataset<Row> relationships = reader(spark, config).option("relationship", config.relationshipType())
            .option("relationship.nodes.map", "false")
            .option("relationship.source.labels", ":" + config.nodeLabel())
            .option("relationship.target.labels", ":" + config.nodeLabel()).load()
            .select("`<source.id>`", "`<target.id>`").repartition(config.partitions()).cache();
        List<Row> nodeRows = new ArrayList<>(nodes.collectAsList());
        List<Row> edgeRows = relationships.collectAsList();
        stages.done("read");

        nodeRows.sort((a, b) -> Long.compare(a.getLong(0), b.getLong(0)));
        long[] ids = nodeRows.stream().mapToLong(r -> r.getLong(0)).toArray();
        SparseFeatures raw = features(nodeRows, feature);
        FeatureTransform transform = train.featureNormalization().fit(raw);
        Object[] targets = nodeRows.stream().map(r -> r.isNullAt(2) ? null : r.get(2)).toArray();
        Object[] splits = train.splitProperty().isPresent()
            ? nodeRows.stream().map(r -> r.isNullAt(3) ? null : r.get(3)).toArray() : null;
        TrainingData.Labels labels = TrainingData.labels(targets, train.targetProperty(), splits,
            train.splitProperty().orElse(null), train.validationFraction(), train.testFraction(), train.seed(),
            i -> "with id " + ids[i]);
        TrainingData data = TrainingData.of(edges(edgeRows, ids), transform.apply(raw), labels);
        train.decision().requireFits(data.classValues());
        boolean needsDiffusion = train.methods().stream().anyMatch(Method::needsDiffusion);
        NeighbourDistribution distribution = needsDiffusion
            ? Diffusion.compute(data.snapshot().adjacency(), train.diffusion()) : null;
        stages.done("prepare");

        TrainingPlan plan = train.plan(distribution);
        TrainingPlan.Choice choice = plan.choose(data.snapshot(), train.seed(), EpochListener.NONE,
            CrossValidation.FoldListener.NONE);
        TrainingPlan.Trained trained = plan.ensemble(choice, data.snapshot(), train.seed(), null, EpochListener.NONE,
            TrainingPlan.MemberListener.NONE);
        RunConfig run = choice.run().config();
        ModelSpec spec = run.training().model();
        ClassDecision decision = trained.operatingPoint().decision();
        TrainedModel model = new TrainedModel(train.modelName(),
            new TrainingGraph(config.nodeLabel(), config.labels(), List.of(config.relationshipType()),
                List.of(raw.dimension())),
            spec, ConfigReader.choiceName(run.method()), data.classIndex().values(), train.featureProperties(),
            raw.dimension(), trained.first().bestEpoch(), configuration(train, transform), metrics(trained),
            Instant.now(), trained.first().parameters(), trained.logitOffsets(),
            new ProjectionSchema(config.labels(), List.of(config.relationshipType()),
                Map.of(config.relationshipType(), "UNDIRECTED"), true),
            List.of(), transform, decision);
        stages.done("train");

        RowTransform rows = RowTransform.of(transform);
        int dimension = raw.dimension();
        JavaPairRDD<Long, float[]> h0 = nodes.javaRDD()
            .mapToPair(r -> new Tuple2<>(r.getLong(0), rows.apply(doubles(r, 1), dimension)));
        JavaPairRDD<Long, Long> pairs = relationships.javaRDD()
            .mapToPair(r -> new Tuple2<>(r.getLong(0), r.getLong(1)));
        List<JavaPairRDD<Long, float[]>> hops = SparkHops.compute(h0, pairs, spec.hops(), spec.gcnNormalization(),
            config.partitions());
        JavaPairRDD<Long, float[][]> stacked = stack(hops);
        stacked.count();
        stages.done("hops");

        SignScorer scorer = new SignScorer(model.parameters(), spec.hidden(), model.classCount(),
            model.logitOffsets(), decision);
        List<Object> classValues = model.classValues();
        boolean numeric = classValues.stream().allMatch(v -> v instanceof Long);
        JavaRDD<Row> scored = stacked.mapPartitions((Iterator<Tuple2<Long, float[][]>> part) -> {
            ClassDecision rule = scorer.decision();
            List<Row> out = new ArrayList<>();
            while (part.hasNext()) {
                Tuple2<Long, float[][]> node = part.next();
                SignScorer.Scored s = scorer.score(node._2(), rule);
                Object value = classValues.get(s.classIndex());
                out.add(RowFactory.create(node._1(), numeric ? value : String.valueOf(value), s.confidence()));
            }
            return out.iterator();
        });
        StructType schema = new StructType().add("id", DataTypes.LongType)
            .add("predictedClass", numeric ? DataTypes.LongType : DataTypes.StringType)
            .add("confidence", DataTypes.DoubleType);
        Dataset<Row> predictions = spark.createDataFrame(scored, schema).cache();
        long scoredNodes = predictions.count();
        stages.done("score");

        // One statement per node sets both properties, inside the batch's transaction: no node gets one without the other.
        predictions.write().format(FORMAT).mode(SaveMode.Append).options(connection(config))
            .option("batch.size", String.valueOf(config.batchSize()))
            .option("query", "MATCH (n) WHERE id(n) = event.id SET n." + quoted(config.predictionProperty())
                + " = event.predictedClass, n." + quoted(config.confidenceProperty()) + " = event.confidence")
            .save();
        stages.done("write");

        store(model, config, train.overwrite());
        stages.done("store");
        System.out.println("graphsha-spark: model " + model.name() + ", " + scoredNodes + " nodes scored, best epoch "
            + model.bestEpoch() + ", stages ms " + stages.millis);
        if (System.getenv("GRAPHSHA_SPARK_HOPS_OUT") != null) {
            HopDump.write(Path.of(System.getenv("GRAPHSHA_SPARK_HOPS_OUT")), stacked.collectAsMap(),
                predictions.collectAsList());
        }
    }

    private static org.apache.spark.sql.DataFrameReader reader(SparkSession spark, JobConfig config) {
        return spark.read().format(FORMAT).options(connection(config))
            .option("partitions", String.valueOf(config.partitions()));
    }

    private static Map<String, String> connection(JobConfig config) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("url", config.url());
        if (config.user().isEmpty()) {
            options.put("authentication.type", "none");
        } else {
            options.put("authentication.basic.username", config.user());
            options.put("authentication.basic.password", config.password());
        }
        return options;
    }

    private static String quoted(String property) {
        return "`" + property.replace("`", "``") + "`";
    }

    private static SparseFeatures features(List<Row> rows, String property) {
        int n = rows.size();
        int dimension = -1;
        int[] offsets = new int[n + 1];
        List<float[]> dense = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Row r = rows.get(i);
            if (r.isNullAt(1)) {
                throw new IllegalArgumentException("node with id " + r.getLong(0) + " has no `" + property
                    + "`; every node needs its features");
            }
            float[] x = toFloats(doubles(r, 1));
            if (dimension < 0) {
                dimension = x.length;
            } else if (x.length != dimension) {
                throw new IllegalArgumentException("node with id " + r.getLong(0) + " has " + x.length + " values in `"
                    + property + "`, the first node has " + dimension + "; every row needs the same width");
            }
            dense.add(x);
            offsets[i + 1] = offsets[i] + x.length;
        }
        int[] columns = new int[offsets[n]];
        float[] values = new float[offsets[n]];
        for (int i = 0; i < n; i++) {
            float[] x = dense.get(i);
            for (int j = 0; j < x.length; j++) {
                columns[offsets[i] + j] = j;
                values[offsets[i] + j] = x[j];
            }
        }
        return new SparseFeatures(n, Math.max(dimension, 0), offsets, columns, values);
    }

    static double[] doubles(Row r, int column) {
        List<Object> list = r.getList(column);
        double[] out = new double[list.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = ((Number) list.get(i)).doubleValue();
        }
        return out;
    }

    static float[] toFloats(double[] x) {
        float[] out = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = (float) x[i];
        }
        return out;
    }

    /**
     * One undirected edge per connected pair of read nodes, no self edge: what the plugin takes from an undirected
     * projection (either orientation of a relationship is the same edge).
     */
    private static EdgeList edges(List<Row> rows, long[] ids) {
        int[] sources = new int[rows.size()];
        int[] targets = new int[rows.size()];
        int m = 0;
        for (Row r : rows) {
            int s = Arrays.binarySearch(ids, r.getLong(0));
            int t = Arrays.binarySearch(ids, r.getLong(1));
            if (s >= 0 && t >= 0) {
                sources[m] = s;
                targets[m++] = t;
            }
        }
        int read = m;
        return EdgeList.undirected(ids.length, pair -> {
            for (int e = 0; e < read; e++) {
                pair.accept(sources[e], targets[e]);
            }
        });
    }

    private static JavaPairRDD<Long, float[][]> stack(List<JavaPairRDD<Long, float[]>> hops) {
        JavaPairRDD<Long, float[][]> stacked = hops.get(0).mapValues(h -> new float[][] {h});
        for (int k = 1; k < hops.size(); k++) {
            stacked = stacked.join(hops.get(k)).mapValues(t -> {
                float[][] grown = Arrays.copyOf(t._1(), t._1().length + 1);
                grown[t._1().length] = t._2();
                return grown;
            });
        }
        return stacked.cache();
    }

    private static Map<String, Object> configuration(TrainConfig train, FeatureTransform transform) {
        Map<String, Object> configuration = new LinkedHashMap<>(train.effective());
        configuration.put("featureNormalization", transform.keyValue());
        configuration.put("trainedOn", "spark");
        return configuration;
    }

    private static Map<String, Object> metrics(TrainingPlan.Trained trained) {
        Map<String, Object> validation = new LinkedHashMap<>();
        validation.put("accuracy", trained.validation().accuracy());
        validation.put("balancedAccuracy", trained.validation().balancedAccuracy());
        validation.put("macroF1", trained.validation().macroF1());
        return Map.of("validation", validation);
    }

    /** Into the server's models directory as a shared model, and/or as a file for graphsha.model.import. */
    private static void store(TrainedModel model, JobConfig config, boolean overwrite) {
        if (config.modelsFolder() != null) {
            ModelCatalog.at(config.modelsFolder(), new CatalogUser("", false)).store(model, overwrite);
        }
        if (config.modelFile() != null) {
            try {
                Path staging = Files.createTempDirectory("graphsha-spark-model");
                ModelCatalog catalog = ModelCatalog.at(staging, new CatalogUser("", false));
                catalog.store(model, true);
                catalog.export(model.name(), config.modelFile().toAbsolutePath(), overwrite);
                catalog.drop(model.name(), Optional.empty());
                Files.walk(staging).sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the model file " + config.modelFile() + ": "
                    + e.getMessage(), e);
            }
        }
    }

    /** Wall time per stage, in the order they ran. */
    private static final class Stages {
        private final Map<String, Long> millis = new LinkedHashMap<>();
        private long last = System.nanoTime();

        void done(String stage) {
            long now = System.nanoTime();
            millis.put(stage, (now - last) / 1_000_000);
            last = now;
        }
    }
}
