package org.graphsha.catalog;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.ToNumberPolicy;

import org.graphsha.graph.ClassDecision;
import org.graphsha.graph.DecisionRule;
import org.graphsha.graph.FeatureTransform;
import org.graphsha.graph.ProjectionSchema;
import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.GcnNormalization;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.Tensor;

/**
 * One file per model: a magic line, a JSON header (everything but the weights) and the tensors as
 * raw floats in header order. Files are written to a temporary name and moved into place
 * atomically, so a crash never leaves a half-written model.
 *
 * <p>Layout: the shared models (user {@code ""}: authentication off, or written before models had
 * owners) lie in the catalog folder itself, every other user's in {@code users/<encoded name>/}. The
 * folder decides the owner; the header does not name it, so moving a file hands the model over.
 * Headers only gain keys: a reader takes what an older file lacks from {@link TrainingGraph#unknown}. An ensemble's
 * header counts its {@code members}, whose tensors follow one another, each in the layout of {@code tensors}.
 */
final class ModelFiles {

    static final String EXTENSION = ".graphsha-model";
    static final String USERS = "users";
    private static final String MAGIC = "graphsha-model v1";
    private static final Gson GSON = new GsonBuilder().setObjectToNumberStrategy(ToNumberPolicy.LONG_OR_DOUBLE)
        .serializeSpecialFloatingPointValues().create();

    private ModelFiles() {}

    static void write(Path folder, TrainedModel model) throws IOException {
        Files.createDirectories(folder);
        Path temporary = Files.createTempFile(folder, "." + model.name(), ".tmp");
        try {
            writeTo(temporary, model);
            Files.move(temporary, file(folder, model.name()), StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** The model's bytes into {@code file}, which the caller then moves into place. */
    static void writeTo(Path file, TrainedModel model) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(Files.newOutputStream(file)))) {
            out.writeUTF(MAGIC);
            byte[] header = GSON.toJson(header(model)).getBytes(StandardCharsets.UTF_8);
            out.writeInt(header.length);
            out.write(header);
            for (List<Tensor> member : model.members()) {
                for (Tensor tensor : member) {
                    for (float value : tensor.data()) {
                        out.writeFloat(value);
                    }
                }
            }
        }
    }

    static Path file(Path folder, String name) {
        return folder.resolve(name + EXTENSION);
    }

    @SuppressWarnings("unchecked")
    static TrainedModel read(Path file) throws IOException {
        try (DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(Files.newInputStream(file)))) {
            if (!MAGIC.equals(in.readUTF())) {
                throw new IOException("not a graphsha model file: " + file);
            }
            byte[] header = new byte[in.readInt()];
            in.readFully(header);
            Map<String, Object> h = GSON.fromJson(new String(header, StandardCharsets.UTF_8), Map.class);
            List<Map<String, Object>> layout = (List<Map<String, Object>>) h.get("tensors");
            List<Tensor> tensors = tensors(in, layout);
            // Files written before ensembles existed hold one member and no count.
            long members = h.containsKey("members") ? (Long) h.get("members") : 1;
            List<List<Tensor>> otherMembers = new ArrayList<>();
            for (long m = 1; m < members; m++) {
                otherMembers.add(tensors(in, layout));
            }
            Map<String, Object> spec = (Map<String, Object>) h.get("spec");
            List<String> featureProperties = (List<String>) h.get("featureProperties");
            int featureDimension = ((Long) h.get("featureDimension")).intValue();
            return new TrainedModel(
                (String) h.get("name"),
                trainingGraph((Map<String, Object>) h.get("trainingGraph"), featureProperties, featureDimension),
                new ModelSpec(BackboneKind.valueOf((String) spec.get("kind")), ((Long) spec.get("hidden")).intValue(),
                    ((Long) spec.get("heads")).intValue(), ((Number) spec.get("dropout")).floatValue(),
                    GcnNormalization.valueOf((String) spec.get("gcnNormalization")),
                    // Written for the sign backbone only: other models' files stay as they were.
                    spec.containsKey("hops") ? ((Long) spec.get("hops")).intValue() : ModelSpec.DEFAULT_HOPS),
                (String) h.get("method"),
                (List<Object>) h.get("classValues"),
                featureProperties,
                featureDimension,
                ((Long) h.get("bestEpoch")).intValue(),
                (Map<String, Object>) h.get("configuration"),
                (Map<String, Object>) h.get("metrics"),
                Instant.parse((String) h.get("createdAt")),
                tensors,
                ((List<Number>) h.get("logitOffsets")).stream().mapToDouble(Number::doubleValue).toArray(),
                projection((Map<String, Object>) h.get("projection")),
                otherMembers,
                FeatureTransform.stored(((Map<String, Object>) h.get("configuration")).get("featureNormalization"),
                    floats(h.get("featureMeans")), floats(h.get("featureDeviations"))),
                decision((Map<String, Object>) h.get("decision"), ((List<?>) h.get("classValues")).size()));
        }
    }

    /** The stored decision; files written before decisions existed predict with the plain argmax (temperature 1). */
    @SuppressWarnings("unchecked")
    private static ClassDecision decision(Map<String, Object> d, int classes) {
        if (d == null) {
            return ClassDecision.none(classes);
        }
        Object threshold = d.get("threshold");
        return new ClassDecision(DecisionRule.valueOf((String) d.get("rule")), ((Number) d.get("temperature")).doubleValue(),
            ((List<Number>) d.get("classOffsets")).stream().mapToDouble(Number::doubleValue).toArray(),
            ((Number) d.get("positiveClass")).intValue(), threshold == null ? Double.NaN : ((Number) threshold).doubleValue());
    }

    @SuppressWarnings("unchecked")
    private static float[] floats(Object list) {
        if (list == null) {
            return null;
        }
        List<Number> numbers = (List<Number>) list;
        float[] values = new float[numbers.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = numbers.get(i).floatValue();
        }
        return values;
    }

    /** One member's tensors, in header order. */
    @SuppressWarnings("unchecked")
    private static List<Tensor> tensors(DataInputStream in, List<Map<String, Object>> layout) throws IOException {
        List<Tensor> tensors = new ArrayList<>();
        for (Map<String, Object> t : layout) {
            long[] shape = ((List<Long>) t.get("shape")).stream().mapToLong(Long::longValue).toArray();
            float[] data = new float[Math.toIntExact(Arrays.stream(shape).reduce(1, (a, b) -> a * b))];
            for (int i = 0; i < data.length; i++) {
                data[i] = in.readFloat();
            }
            tensors.add(new Tensor((String) t.get("name"), shape, data, (Boolean) t.get("firstLayer")));
        }
        return tensors;
    }

    @SuppressWarnings("unchecked")
    private static TrainingGraph trainingGraph(Map<String, Object> g, List<String> featureProperties, int featureDimension) {
        if (g == null) {
            return TrainingGraph.unknown(featureProperties, featureDimension);
        }
        List<Number> widths = (List<Number>) g.get("featureWidths");
        return new TrainingGraph((String) g.get("name"), (List<String>) g.get("nodeLabels"),
            (List<String>) g.get("relationshipTypes"), widths == null ? null : widths.stream().map(Number::intValue).toList());
    }

    private static Map<String, Object> header(TrainedModel model) {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("name", model.name());
        TrainingGraph g = model.trainingGraph();
        Map<String, Object> graph = new LinkedHashMap<>();
        graph.put("name", g.name());
        graph.put("nodeLabels", g.nodeLabels());
        graph.put("relationshipTypes", g.relationshipTypes());
        graph.put("featureWidths", g.featureWidths());
        h.put("trainingGraph", graph);
        ModelSpec s = model.spec();
        Map<String, Object> spec = new LinkedHashMap<>(Map.of("kind", s.kind().name(), "hidden", s.hidden(),
            "heads", s.heads(), "dropout", s.dropout(), "gcnNormalization", s.gcnNormalization().name()));
        if (s.kind() == BackboneKind.SIGN) {
            spec.put("hops", s.hops());
        }
        h.put("spec", spec);
        h.put("method", model.method());
        h.put("classValues", model.classValues());
        h.put("featureProperties", model.featureProperties());
        h.put("featureDimension", model.featureDimension());
        h.put("bestEpoch", model.bestEpoch());
        h.put("configuration", model.configuration());
        h.put("metrics", model.metrics());
        h.put("createdAt", model.createdAt().toString());
        h.put("logitOffsets", model.logitOffsets());
        ClassDecision decision = model.decision();
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("rule", decision.rule().name());
        d.put("temperature", decision.temperature());
        d.put("classOffsets", decision.classOffsets());
        d.put("positiveClass", decision.positiveClass());
        if (!Double.isNaN(decision.threshold())) {
            d.put("threshold", decision.threshold());
        }
        h.put("decision", d);
        if (model.featureTransform() instanceof FeatureTransform.StandardScores scores) {
            h.put("featureMeans", scores.means());
            h.put("featureDeviations", scores.deviations());
        }
        if (model.projection() != null) {
            ProjectionSchema p = model.projection();
            h.put("projection", Map.of("nodeLabels", p.nodeLabels(), "relationshipTypes", p.relationshipTypes(),
                "orientations", p.orientations(), "native", p.nativeProjection()));
        }
        List<Map<String, Object>> tensors = new ArrayList<>();
        for (Tensor t : model.parameters()) {
            tensors.add(Map.of("name", t.name(), "shape", t.shape(), "firstLayer", t.firstLayer()));
        }
        h.put("tensors", tensors);
        if (!model.otherMembers().isEmpty()) {
            h.put("members", model.members().size());
        }
        return h;
    }

    /** Absent in files written before the projection was recorded. */
    @SuppressWarnings("unchecked")
    private static ProjectionSchema projection(Map<String, Object> p) {
        return p == null ? null : new ProjectionSchema((List<String>) p.get("nodeLabels"),
            (List<String>) p.get("relationshipTypes"), (Map<String, String>) p.get("orientations"),
            (Boolean) p.get("native"));
    }

    static boolean isModelFile(Path file) {
        return file.getFileName().toString().endsWith(EXTENSION) && !file.getFileName().toString().startsWith(".")
            && Files.isRegularFile(file);
    }

    /** The folder of a user's models: the catalog folder itself for the shared user {@code ""}. */
    static Path userFolder(Path root, String username) {
        return username.isEmpty() ? root : root.resolve(USERS).resolve(encode(username));
    }

    /**
     * A user name as a folder name that is the same on every file system: {@code a-z}, digits, {@code _}
     * and {@code -} stay, every other byte of its UTF-8 form becomes {@code %XX} (so {@code Alice} is
     * {@code %41lice}: case-insensitive file systems cannot merge two users, and no name is {@code .} or {@code ..}).
     */
    static String encode(String username) {
        StringBuilder out = new StringBuilder();
        for (byte b : username.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-') {
                out.append(c);
            } else {
                out.append('%').append(String.format(Locale.ROOT, "%02X", b & 0xff));
            }
        }
        return out.toString();
    }

    /** The user name of a folder name written by {@link #encode}, or null for a name it cannot have written. */
    static String decode(String folderName) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < folderName.length(); i++) {
            char c = folderName.charAt(i);
            if (c == '%' && i + 2 < folderName.length()) {
                int high = Character.digit(folderName.charAt(i + 1), 16);
                int low = Character.digit(folderName.charAt(i + 2), 16);
                if (high < 0 || low < 0) {
                    return null;
                }
                bytes.write(high * 16 + low);
                i += 2;
            } else {
                bytes.write(c < 0x80 ? c : '%');
            }
        }
        String name = bytes.toString(StandardCharsets.UTF_8);
        // Only a name that encodes back to the folder name is ours (this rejects `.`, `..`, upper case, bad UTF-8).
        return !name.isEmpty() && encode(name).equals(folderName) ? name : null;
    }
}
