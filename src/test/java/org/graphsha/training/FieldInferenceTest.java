package org.graphsha.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.graphsha.graph.Csr;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.nn.Backbone;
import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.EngineRuntime;
import org.graphsha.nn.Engines;
import org.graphsha.nn.FieldForward;
import org.graphsha.nn.GcnNormalization;
import org.graphsha.nn.MessageGraph;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.Tensor;
import org.graphsha.training.loop.FeatureMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The two forward passes of graphsha.predict.nodes against the one of predict.stream, on a random graph
 * with hubs and isolated nodes: from given X·W rows on the engine ({@link Inference#logits(ModelSpec, List,
 * MessageGraph, int[], float[], int, EngineRuntime)}) and in plain Java ({@link FieldForward}), and from a
 * receptive field cut out of the graph with the whole graph's degrees.
 */
class FieldInferenceTest {

    private static final int N = 60;
    private static final int FEATURES = 7;
    private static final int CLASSES = 4;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"GCN, MEAN", "GCN, SYMMETRIC", "SAGE, MEAN", "GAT, MEAN"})
    void matchesTheWholeGraphForward(BackboneKind kind, GcnNormalization norm) {
        SplittableRandom random = new SplittableRandom(11);
        ModelSpec spec = new ModelSpec(kind, 8, 2, 0.5f, norm);
        List<Tensor> parameters = new ArrayList<>(Backbone.create(spec).initialize(FEATURES, CLASSES, random).tensors());
        for (Tensor t : parameters) {
            for (int i = 0; i < t.data().length; i++) {
                t.data()[i] = (float) (random.nextDouble() * 2 - 1);
            }
        }
        Csr csr = randomGraph(random);
        SparseFeatures features = randomFeatures(random);
        EngineRuntime runtime = Engines.runtime(Engines.DeviceChoice.CPU, 1);
        GraphSnapshot snapshot = new GraphSnapshot(csr, features, new int[N], CLASSES, new boolean[N], new boolean[N],
            new boolean[N]);
        float[] expected = Inference.logits(spec, parameters, snapshot, runtime, FeatureMode.SPARSE);

        float[] projection = Inference.firstLayer(parameters, features, runtime, FeatureMode.DENSE);
        MessageGraph graph = MessageGraph.of(csr);
        int[] degrees = graph.inDegrees();
        assertClose(expected, Inference.logits(spec, parameters, graph, degrees, projection, N, runtime), N);
        int[] offsets = new int[N + 1];
        for (int target : graph.targets()) {
            offsets[target + 1]++;
        }
        for (int v = 0; v < N; v++) {
            offsets[v + 1] += offsets[v];
        }
        assertClose(expected, FieldForward.logits(spec, parameters, N, N, offsets, graph.sources(), degrees, projection), N);

        // Layer by layer, as the cached layer-1 outputs are used: Java and engine give the same rows.
        float[] javaHidden = FieldForward.hidden(spec, parameters, N, offsets, graph.sources(), degrees, projection);
        float[] engineHidden = Inference.hidden(spec, parameters, graph, degrees, projection, N, runtime);
        assertEquals(javaHidden.length, engineHidden.length);
        for (int i = 0; i < javaHidden.length; i++) {
            assertEquals(javaHidden[i], engineHidden[i], 1e-5, "hidden entry " + i);
        }
        assertClose(expected, FieldForward.output(spec, parameters, N, offsets, graph.sources(), degrees, javaHidden), N);
        assertClose(expected, Inference.output(spec, parameters, graph, degrees, engineHidden, N, runtime), N);

        // The receptive field of nodes 0 and 1 alone: their neighbours expanded, the frontier only sending,
        // and every node keeping its whole-graph degree.
        Field field = field(csr, new int[] {0, 1});
        float[] local = new float[field.nodes.length * projection.length / N];
        int width = projection.length / N;
        for (int i = 0; i < field.nodes.length; i++) {
            System.arraycopy(projection, field.nodes[i] * width, local, i * width, width);
        }
        int[] localDegrees = Arrays.stream(field.nodes).map(csr::degree).toArray();
        float[] javaField = FieldForward.logits(spec, parameters, 2, field.expanded, field.offsets, field.sources,
            localDegrees, local);
        int[] targets = new int[field.sources.length];
        for (int u = 0; u < field.expanded; u++) {
            for (int k = field.offsets[u]; k < field.offsets[u + 1]; k++) {
                targets[k] = u;
            }
        }
        float[] engineField = Inference.logits(spec, parameters, new MessageGraph(field.nodes.length, field.sources, targets),
            localDegrees, local, 2, runtime);
        assertClose(expected, javaField, 2);
        assertClose(expected, engineField, 2);
    }

    private record Field(int[] nodes, int expanded, int[] offsets, int[] sources) {}

    /** Targets, then their neighbours, then the neighbours' other neighbours; messages into the first two layers. */
    private static Field field(Csr csr, int[] targets) {
        int[] local = new int[N];
        Arrays.fill(local, -1);
        List<Integer> nodes = new ArrayList<>();
        for (int t : targets) {
            local[t] = nodes.size();
            nodes.add(t);
        }
        List<Integer> sources = new ArrayList<>();
        List<Integer> offsets = new ArrayList<>(List.of(0));
        int layerEnd = nodes.size();
        int expanded = 0;
        for (int hop = 0; hop < 2; hop++) {
            for (int i = expanded; i < layerEnd; i++) {
                int v = nodes.get(i);
                for (int k = csr.offsets()[v]; k < csr.offsets()[v + 1]; k++) {
                    int w = csr.neighbours()[k];
                    if (local[w] < 0) {
                        local[w] = nodes.size();
                        nodes.add(w);
                    }
                    sources.add(local[w]);
                }
                offsets.add(sources.size());
            }
            expanded = layerEnd;
            layerEnd = nodes.size();
        }
        return new Field(nodes.stream().mapToInt(Integer::intValue).toArray(), expanded,
            offsets.stream().mapToInt(Integer::intValue).toArray(), sources.stream().mapToInt(Integer::intValue).toArray());
    }

    /** Preferential attachment with a few hubs, and two isolated nodes. */
    private static Csr randomGraph(SplittableRandom random) {
        List<int[]> edges = new ArrayList<>();
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (int v = 1; v < N - 2; v++) {
            for (int k = 0; k < 2; k++) {
                int u = random.nextInt(4) == 0 ? random.nextInt(v) : random.nextInt(Math.min(v, 3));
                if (u != v && seen.add((long) u * N + v)) {
                    edges.add(new int[] {u, v});
                }
            }
        }
        return Csr.undirected(N, new EdgeList(edges.stream().mapToInt(e -> e[0]).toArray(),
            edges.stream().mapToInt(e -> e[1]).toArray()), v -> true);
    }

    private static SparseFeatures randomFeatures(SplittableRandom random) {
        int[] offsets = new int[N + 1];
        List<Integer> columns = new ArrayList<>();
        List<Float> values = new ArrayList<>();
        for (int r = 0; r < N; r++) {
            for (int c = 0; c < FEATURES; c++) {
                if (random.nextInt(3) > 0) {
                    columns.add(c);
                    values.add((float) random.nextDouble());
                }
            }
            offsets[r + 1] = columns.size();
        }
        float[] v = new float[values.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = values.get(i);
        }
        return new SparseFeatures(N, FEATURES, offsets, columns.stream().mapToInt(Integer::intValue).toArray(), v);
    }

    private static void assertClose(float[] expected, float[] actual, int rows) {
        assertEquals(rows * CLASSES, actual.length);
        double max = 0;
        for (int i = 0; i < rows * CLASSES; i++) {
            max = Math.max(max, Math.abs(expected[i] - actual[i]));
        }
        double worst = max;
        assertTrue(worst < 1e-5, () -> "max |logit difference| " + worst);
    }
}
