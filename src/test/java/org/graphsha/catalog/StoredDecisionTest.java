package org.graphsha.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.graphsha.graph.ClassDecision;
import org.graphsha.graph.DecisionRule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The calibration and decision rule are stored with the model; files from before them load with temperature 1. */
class StoredDecisionTest {

    @TempDir
    Path folder;

    @Test
    void aFittedThresholdAndTemperatureReadBackExactly() throws Exception {
        ClassDecision decision = new ClassDecision(DecisionRule.TARGET_PRECISION, 1.7320508075688772, new double[2], 1,
            0.6180339887498949);
        ModelFiles.write(folder, withDecision(TestModels.model("m", 1), decision));
        assertEquals(decision, ModelFiles.read(ModelFiles.file(folder, "m")).decision());
    }

    @Test
    void macroF1OffsetsReadBackExactly() throws Exception {
        ClassDecision decision = new ClassDecision(DecisionRule.MACRO_F1, 0.5, new double[] {0, -1.25}, -1, Double.NaN);
        ModelFiles.write(folder, withDecision(TestModels.model("m", 1), decision));
        assertEquals(decision, ModelFiles.read(ModelFiles.file(folder, "m")).decision());
    }

    /** The same file with the header's {@code decision} entry removed, as a file written before it existed. */
    @Test
    void aFileWrittenBeforeDecisionsPredictsWithThePlainArgmax() throws Exception {
        ClassDecision decision = new ClassDecision(DecisionRule.PRIOR, 2, new double[] {-0.1, -2.3}, -1, Double.NaN);
        ModelFiles.write(folder, withDecision(TestModels.model("old", 1), decision));
        Path file = ModelFiles.file(folder, "old");
        byte[] bytes = Files.readAllBytes(file);
        ByteArrayOutputStream rewritten = new ByteArrayOutputStream();
        try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(bytes));
             DataOutputStream out = new DataOutputStream(rewritten)) {
            out.writeUTF(in.readUTF());
            byte[] header = new byte[in.readInt()];
            in.readFully(header);
            String json = new String(header, StandardCharsets.UTF_8);
            String without = json.replaceFirst(",\"decision\":\\{[^}]*\\}", "");
            assertEquals(false, without.equals(json), "the header held a decision to remove");
            byte[] older = without.getBytes(StandardCharsets.UTF_8);
            out.writeInt(older.length);
            out.write(older);
            out.write(in.readAllBytes());
        }
        Files.write(file, rewritten.toByteArray());
        TrainedModel read = ModelFiles.read(file);
        assertEquals(ClassDecision.none(2), read.decision());
        assertEquals(1.0, read.decision().temperature());
    }

    private static TrainedModel withDecision(TrainedModel m, ClassDecision decision) {
        return new TrainedModel(m.name(), m.trainingGraph(), m.spec(), m.method(), m.classValues(),
            m.featureProperties(), m.featureDimension(), m.bestEpoch(), m.configuration(), m.metrics(), m.createdAt(),
            m.parameters(), m.logitOffsets(), m.projection(), m.otherMembers(), m.featureTransform(), decision);
    }
}
