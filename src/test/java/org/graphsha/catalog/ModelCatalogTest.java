package org.graphsha.catalog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.google.gson.Gson;

import org.graphsha.graph.FeatureTransform;
import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelCatalogTest {

    private static final CatalogUser ALICE = new CatalogUser("alice", false);
    private static final CatalogUser BOB = new CatalogUser("bob", false);
    private static final CatalogUser ADMIN = new CatalogUser("root", true);

    @TempDir
    Path folder;

    private static TrainedModel model(String name) {
        return model(name, "graphsha");
    }

    private static TrainedModel model(String name, String method) {
        return new TrainedModel(name, new TrainingGraph("g", List.of("Account"), List.of("SENDS"), List.of(2, 1)),
            ModelSpec.defaults(BackboneKind.GAT), method, List.of("fraud", "normal"),
            List.of("features", "age"), 3, 42, Map.of("epochs", 900L, "learningRate", 0.01, "targetProperty", "class"),
            Map.of("validation", Map.of("accuracy", 0.75)), Instant.parse("2026-11-25T10:00:00Z"),
            List.of(new Tensor("w1", new long[] {3, 2}, new float[] {1, 2, 3, 4, 5, 6.5f}, true),
                new Tensor("b2", new long[] {2}, new float[] {-1, Float.MIN_VALUE}, false)), new double[] {0, -1.5});
    }

    private ModelCatalog as(CatalogUser user) {
        return ModelCatalog.at(folder, user);
    }

    @Test
    void survivesAReopenWithEverythingIntact() {
        as(ALICE).store(model("m1"), false);
        TrainedModel read = as(ALICE).get("m1");
        assertEquals(BackboneKind.GAT, read.spec().kind());
        assertEquals(List.of("fraud", "normal"), read.classValues());
        assertEquals(900L, read.configuration().get("epochs"));
        assertEquals(0.01, read.configuration().get("learningRate"));
        assertEquals(42, read.bestEpoch());
        assertArrayEquals(new long[] {3, 2}, read.parameters().get(0).shape());
        assertArrayEquals(new float[] {-1, Float.MIN_VALUE}, read.parameters().get(1).data());
        assertTrue(read.parameters().get(0).firstLayer());
        assertArrayEquals(new double[] {0, -1.5}, read.logitOffsets());
        assertEquals(new TrainingGraph("g", List.of("Account"), List.of("SENDS"), List.of(2, 1)), read.trainingGraph());
    }

    @Test
    void keepsEveryMemberOfAnEnsembleInOrder() {
        TrainedModel m = model("pair");
        List<Tensor> second = List.of(new Tensor("w1", new long[] {3, 2}, new float[] {7, 8, 9, 10, 11, 12}, true),
            new Tensor("b2", new long[] {2}, new float[] {0.25f, -0.5f}, false));
        m = new TrainedModel("pair", m.trainingGraph(), m.spec(), m.method(), m.classValues(), m.featureProperties(),
            m.featureDimension(), m.bestEpoch(), m.configuration(), m.metrics(), m.createdAt(), m.parameters(),
            m.logitOffsets(), null, List.of(second), m.featureTransform());
        as(ALICE).store(m, false);
        TrainedModel read = as(ALICE).get("pair");
        assertEquals(2, read.members().size());
        assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6.5f}, read.parameters().get(0).data());
        assertArrayEquals(new float[] {7, 8, 9, 10, 11, 12}, read.members().get(1).get(0).data());
        assertArrayEquals(new float[] {0.25f, -0.5f}, read.member(1).parameters().get(1).data());
        assertTrue(read.member(1).otherMembers().isEmpty());
    }

    @Test
    void keepsFittedStandardScoresExactly() {
        TrainedModel m = model("scored");
        FeatureTransform.StandardScores scores = new FeatureTransform.StandardScores(
            new float[] {2000.125f, -1e-7f, 0.1f}, new float[] {816.4966f, 1f, 3.3333333f});
        m = new TrainedModel("scored", m.trainingGraph(), m.spec(), m.method(), m.classValues(), m.featureProperties(),
            m.featureDimension(), m.bestEpoch(), withNormalization(m.configuration(), "standardize"), m.metrics(),
            m.createdAt(), m.parameters(), m.logitOffsets(), null, List.of(), scores);
        as(ALICE).store(m, false);
        assertEquals(scores, as(ALICE).get("scored").featureTransform());
        as(ALICE).store(model("unnamed"), false);
        assertEquals(new FeatureTransform.RowSum(false), as(ALICE).get("unnamed").featureTransform(),
            "a model that names no normalization was trained with row sums");
    }

    private static Map<String, Object> withNormalization(Map<String, Object> configuration, String value) {
        Map<String, Object> copy = new LinkedHashMap<>(configuration);
        copy.put("featureNormalization", value);
        return copy;
    }

    @Test
    void keepsIntegerClassValuesAsIntegers() {
        TrainedModel m = model("ints");
        m = new TrainedModel("ints", m.trainingGraph(), m.spec(), m.method(), List.of(0L, 3L), m.featureProperties(),
            m.featureDimension(), m.bestEpoch(), m.configuration(), m.metrics(), m.createdAt(), m.parameters(), m.logitOffsets());
        as(ALICE).store(m, false);
        assertEquals(List.of(0L, 3L), as(ALICE).get("ints").classValues());
    }

    @Test
    void refusesDuplicatesUnlessOverwriting() {
        ModelCatalog catalog = as(ALICE);
        catalog.store(model("m"), false);
        var error = assertThrows(IllegalArgumentException.class, () -> catalog.store(model("m"), false));
        assertTrue(error.getMessage().contains("Model `m` already exists; pass overwrite: true"), error.getMessage());
        catalog.store(model("m"), true);
        assertEquals(1, as(ALICE).list().size());
    }

    @Test
    void dropRemovesTheFile() {
        ModelCatalog catalog = as(ALICE);
        catalog.store(model("gone"), false);
        assertTrue(catalog.drop("gone", Optional.empty()).isPresent());
        assertFalse(as(ALICE).exists("gone"));
        assertTrue(catalog.drop("gone", Optional.empty()).isEmpty());
    }

    @Test
    void rejectsPathTricksInNames() {
        for (String bad : List.of("../evil", "a/b", ".hidden", "", "x".repeat(129), "a\\b")) {
            var error = assertThrows(IllegalArgumentException.class, () -> as(ALICE).requireStorable(bad, false));
            assertTrue(error.getMessage().startsWith("Invalid model name"), error.getMessage());
        }
    }

    @Test
    void leavesNoTemporaryFilesAndKeepsEachUserInOneFolder() throws Exception {
        as(ALICE).store(model("m"), false);
        as(CatalogUser.AUTH_DISABLED).store(model("s"), false);
        try (var files = Files.walk(folder)) {
            assertEquals(List.of("s.graphsha-model", "users/alice/m.graphsha-model"), files.filter(Files::isRegularFile)
                .map(p -> folder.relativize(p).toString().replace('\\', '/')).sorted().toList());
        }
    }

    @Test
    void modelsOfOneNameOfTwoUsersCoexist() {
        as(ALICE).store(model("m", "graphsha"), false);
        as(BOB).store(model("m", "focal"), false);
        assertEquals("graphsha", as(ALICE).get("m").method());
        assertEquals("focal", as(BOB).get("m").method());
        assertEquals(List.of("alice"), as(ALICE).list().stream().map(StoredModel::username).toList());
        assertEquals(List.of("bob"), as(BOB).list("m").stream().map(StoredModel::username).toList());
    }

    @Test
    void aUserNeitherSeesNorUsesNorDropsAnotherUsersModel() {
        as(ALICE).store(model("private"), false);
        ModelCatalog bob = as(BOB);
        assertEquals(List.of(), bob.list());
        assertEquals(List.of(), bob.list("private"));
        assertFalse(bob.exists("private"));
        var missing = assertThrows(IllegalArgumentException.class, () -> bob.get("private"));
        assertTrue(missing.getMessage().startsWith("Model `private` does not exist"), missing.getMessage());
        assertTrue(bob.drop("private", Optional.empty()).isEmpty());
        var notAdmin = assertThrows(IllegalArgumentException.class, () -> bob.drop("private", Optional.of("alice")));
        assertTrue(notAdmin.getMessage().startsWith("Only an admin can drop another user's model"), notAdmin.getMessage());
        // Bob's model of the same name does not replace Alice's.
        bob.store(model("private", "focal"), false);
        assertEquals("graphsha", as(ALICE).get("private").method());
    }

    @Test
    void anAdminSeesEveryModelAndDropsByUsername() {
        as(ALICE).store(model("m"), false);
        as(BOB).store(model("m"), false);
        as(BOB).store(model("only-bob"), false);
        as(CatalogUser.AUTH_DISABLED).store(model("shared"), false);
        ModelCatalog admin = as(ADMIN);
        assertEquals(List.of(":shared", "alice:m", "bob:m", "bob:only-bob"),
            admin.list().stream().map(s -> s.username() + ":" + s.model().name()).toList());
        assertEquals(List.of("alice", "bob"), admin.list("m").stream().map(StoredModel::username).toList());
        assertTrue(admin.exists("only-bob"));
        // Use stays the admin's own: GDS's model catalog gives an admin no other user's model either.
        assertThrows(IllegalArgumentException.class, () -> admin.get("only-bob"));

        var ambiguous = assertThrows(IllegalArgumentException.class, () -> admin.drop("m", Optional.empty()));
        assertTrue(ambiguous.getMessage().contains("exists for the users [alice, bob]; pass the user's name"),
            ambiguous.getMessage());
        assertEquals("bob", admin.drop("m", Optional.of("bob")).orElseThrow().username());
        assertTrue(admin.drop("m", Optional.of("bob")).isEmpty());
        assertEquals("alice", admin.drop("m", Optional.empty()).orElseThrow().username());
        assertEquals("bob", admin.drop("only-bob", Optional.of(" ")).orElseThrow().username());
        assertEquals(List.of(":shared"), admin.list().stream().map(s -> s.username() + ":" + s.model().name()).toList());
    }

    /** A file as versions before owners wrote it: in the catalog folder itself, without `trainingGraph`. */
    @Test
    void modelsWrittenBeforeOwnersAreSharedAndStillRead() throws Exception {
        writeOldFormat(folder.resolve("old.graphsha-model"), List.of("features"), 3);
        writeOldFormat(folder.resolve("old2.graphsha-model"), List.of("features", "age"), 3);

        for (CatalogUser user : List.of(ALICE, BOB, ADMIN, CatalogUser.AUTH_DISABLED)) {
            ModelCatalog catalog = as(user);
            assertEquals(List.of("", ""), catalog.list().stream().map(StoredModel::username).toList(), user.toString());
            TrainedModel old = catalog.get("old");
            assertEquals(List.of("fraud", "normal"), old.classValues());
            assertEquals(new TrainingGraph(null, null, null, List.of(3)), old.trainingGraph());
            assertNull(catalog.get("old2").trainingGraph().featureWidths());
        }
        // Alice's own model of that name comes first for her; the shared one stays for the others.
        as(ALICE).store(model("old", "focal"), false);
        assertEquals("focal", as(ALICE).get("old").method());
        assertEquals("graphsha", as(BOB).get("old").method());
        assertEquals(List.of("", "alice"), as(ALICE).list("old").stream().map(StoredModel::username).toList());
        // Dropping takes the own model first, then the shared one, as before models had owners.
        assertEquals("alice", as(ALICE).drop("old", Optional.empty()).orElseThrow().username());
        assertEquals("", as(BOB).drop("old", Optional.empty()).orElseThrow().username());
        assertFalse(as(ALICE).exists("old"));
    }

    @Test
    void userFolderNamesSurviveEveryFileSystem() {
        assertEquals("alice", ModelFiles.encode("alice"));
        assertEquals("%41lice", ModelFiles.encode("Alice"));
        assertEquals("a%2Eb%40c", ModelFiles.encode("a.b@c"));
        assertEquals("%2E%2E", ModelFiles.encode(".."));
        assertEquals("%C3%A9", ModelFiles.encode("é"));
        for (String name : List.of("alice", "Alice", "a.b@c", "..", "é", "user name", "%41")) {
            assertEquals(name, ModelFiles.decode(ModelFiles.encode(name)), name);
        }
        for (String foreign : List.of("Alice", "..", "a.b", "%4", "%zz", "%61", "")) {
            assertNull(ModelFiles.decode(foreign), foreign);
        }
        assertTrue(ModelFiles.userFolder(folder, "").equals(folder));
        assertEquals(folder.resolve("users").resolve("%41lice"), ModelFiles.userFolder(folder, "Alice"));
    }

    /** The header and tensors exactly as ModelFiles wrote them before `trainingGraph` existed. */
    private static void writeOldFormat(Path file, List<String> featureProperties, int featureDimension) throws Exception {
        TrainedModel m = model("ignored");
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("name", file.getFileName().toString().replace(ModelFiles.EXTENSION, ""));
        h.put("spec", Map.of("kind", m.spec().kind().name(), "hidden", m.spec().hidden(), "heads", m.spec().heads(),
            "dropout", m.spec().dropout(), "gcnNormalization", m.spec().gcnNormalization().name()));
        h.put("method", m.method());
        h.put("classValues", m.classValues());
        h.put("featureProperties", featureProperties);
        h.put("featureDimension", featureDimension);
        h.put("bestEpoch", m.bestEpoch());
        h.put("configuration", m.configuration());
        h.put("metrics", m.metrics());
        h.put("createdAt", m.createdAt().toString());
        h.put("logitOffsets", m.logitOffsets());
        h.put("tensors", m.parameters().stream()
            .map(t -> Map.of("name", t.name(), "shape", t.shape(), "firstLayer", t.firstLayer())).toList());
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(file))) {
            out.writeUTF("graphsha-model v1");
            byte[] header = new Gson().toJson(h).getBytes(StandardCharsets.UTF_8);
            out.writeInt(header.length);
            out.write(header);
            for (Tensor t : m.parameters()) {
                for (float v : t.data()) {
                    out.writeFloat(v);
                }
            }
        }
    }
}
