package org.graphsha.spark;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.graphsha.catalog.TrainedModel;
import org.graphsha.graph.ClassDecision;
import org.graphsha.nn.ModelSpec;

import scala.Tuple2;

/**
 * GraphSHA with the sign backbone on Spark (docs/spark.md): reads the nodes and relationships through the Neo4j
 * Connector for Apache Spark; with {@code task=train} trains on the driver ({@link DriverTraining}), with
 * {@code task=predict} takes a stored model ({@link JobModels}); computes the hop features with Spark, scores every
 * node in mapPartitions, writes class and confidence back in one statement per node, and stores a trained model in
 * the plugin's catalog format. Prints one line per stage with its time.
 */
public final class SparkJob {

    private static final String FORMAT = "org.neo4j.spark.DataSource";

    private SparkJob() {}

    public static void main(String[] args) {
        JobConfig config = JobConfig.parse(args);
        SparkSession spark = SparkSession.builder().appName("graphsha " + task(config)).getOrCreate();
        try {
            run(spark, config);
        } finally {
            spark.stop();
        }
    }

    static void run(SparkSession spark, JobConfig config) {
        boolean training = config.task() == JobConfig.Task.TRAIN;
        // Everything that can be refused is refused before the graph is read.
        TrainedModel stored = training ? null : JobModels.load(config);
        if (training) {
            JobModels.requireStorable(config);
        }
        Stages stages = new Stages();
        List<String> columns = new ArrayList<>(List.of("<id>",
            training ? config.train().featureProperties().get(0) : stored.featureProperties().get(0)));
        if (training) {
            columns.add(config.train().targetProperty());
            config.train().splitProperty().ifPresent(columns::add);
        }
        Dataset<Row> read = reader(spark, config).option("labels", ":" + config.nodeLabel()).load()
            .repartition(config.partitions());
        Dataset<Row> nodes = read.select(columns.stream().map(c -> read.col("`" + c + "`")).toArray(Column[]::new))
            .cache();
        Dataset<Row> relationships = reader(spark, config).option("relationship", config.relationshipType())
            .option("relationship.nodes.map", "false")
            .option("relationship.source.labels", ":" + config.nodeLabel())
            .option("relationship.target.labels", ":" + config.nodeLabel()).load()
            .select("`<source.id>`", "`<target.id>`").repartition(config.partitions()).cache();
        TrainedModel model = training ? trainOnDriver(nodes, relationships, config, stages) : stored;

        RowTransform rows = RowTransform.of(model.featureTransform());
        int dimension = model.featureDimension();
        ModelSpec spec = model.spec();
        JavaPairRDD<Long, float[]> h0 = nodes.javaRDD()
            .mapToPair(r -> new Tuple2<>(r.getLong(0), rows.apply(RowTransform.doubles(r, 1), dimension)));
        JavaPairRDD<Long, Long> pairs = relationships.javaRDD()
            .mapToPair(r -> new Tuple2<>(r.getLong(0), r.getLong(1)));
        JavaPairRDD<Long, float[][]> stacked = stack(SparkHops.compute(h0, pairs, spec.hops(),
            spec.gcnNormalization(), config.partitions()));
        stacked.count();
        stages.done(training ? "hops" : "read and hops");

        Dataset<Row> predictions = score(spark, stacked, model).cache();
        long scoredNodes = predictions.count();
        stages.done("score");

        // One statement per node sets both properties, inside the batch's transaction: no node gets one without the other.
        predictions.write().format(FORMAT).mode(SaveMode.Append).options(connection(config))
            .option("batch.size", String.valueOf(config.batchSize()))
            .option("query", "MATCH (n) WHERE id(n) = event.id SET n." + quoted(config.predictionProperty())
                + " = event.predictedClass, n." + quoted(config.confidenceProperty()) + " = event.confidence")
            .save();
        stages.done("write");

        if (training) {
            JobModels.store(model, config);
            stages.done("store");
        }
        System.out.println("graphsha-spark: " + task(config) + ", model "
            + model.name() + ", " + scoredNodes + " nodes scored, best epoch " + model.bestEpoch() + ", stages ms "
            + stages.millis);
        if (System.getenv("GRAPHSHA_SPARK_HOPS_OUT") != null) {
            HopDump.write(Path.of(System.getenv("GRAPHSHA_SPARK_HOPS_OUT")), stacked.collectAsMap(),
                predictions.collectAsList());
        }
    }

    /**
     * Reads the graph into the driver and trains there. The driver's copy of the graph goes out of scope with this
     * call, before the stages that follow need the memory.
     */
    private static TrainedModel trainOnDriver(Dataset<Row> nodes, Dataset<Row> relationships, JobConfig config,
                                              Stages stages) {
        // Both are read in parallel into Spark's cache first; the driver then streams them a partition at a time.
        nodes.count();
        relationships.count();
        DriverRows graph = DriverRows.collect(nodes, relationships, config.train().featureProperties().get(0),
            config.train().splitProperty().isPresent());
        stages.done("read");
        TrainedModel model = DriverTraining.train(graph, config);
        stages.done("train");
        return model;
    }

    /** Every node's (id, predicted class value, confidence), scored in mapPartitions on the executors. */
    private static Dataset<Row> score(SparkSession spark, JavaPairRDD<Long, float[][]> stacked, TrainedModel model) {
        ClassDecision decision = model.decision();
        SignScorer scorer = new SignScorer(model.members(), model.spec().hidden(), model.classCount(),
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
        return spark.createDataFrame(scored, schema);
    }

    private static String task(JobConfig config) {
        return config.task().name().toLowerCase(Locale.ROOT);
    }

    private static DataFrameReader reader(SparkSession spark, JobConfig config) {
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
