package org.graphsha.tools.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class UserGraphTest {

    @Test
    void theRarestClassHasExactlyItsLabelsAndTheLabelCountsKeepTheClassRatio() {
        UserGraph user = UserGraph.generate(UserGraphSettings.defaults());
        int[] sizes = user.graph().classSizes();
        assertEquals(10, user.labeledCount(3));
        assertTrue(user.labeledCount(0) >= 45 * user.labeledCount(3), "label ratio 50:1 or worse, was "
            + user.labeledCount(0) + ":" + user.labeledCount(3));
        int labeled = 0;
        for (boolean l : user.labeled()) {
            labeled += l ? 1 : 0;
        }
        assertTrue(labeled < user.graph().nodeCount() / 5, "most nodes stay unlabeled: " + labeled);
        assertEquals(5_000, sizes[0] + sizes[1] + sizes[2] + sizes[3]);
        assertEquals("mule", UserGraph.className(3));
    }

    @Test
    void homophilyFollowsTheKnob() {
        for (double h : new double[] {0.2, 0.8}) {
            UserGraphSettings s = UserGraphSettings.parse(new Flags(List.of("--user-homophily", String.valueOf(h))));
            GeneratedGraph g = UserGraph.generate(s).graph();
            int same = 0;
            for (int e = 0; e < g.relationshipCount(); e++) {
                same += g.classes()[g.sources()[e]] == g.classes()[g.targets()[e]] ? 1 : 0;
            }
            double share = (double) same / g.relationshipCount();
            // Cross-class draws can still land in the own class only through the fallback, so the share tracks h.
            assertEquals(h, share, 0.03, "edge homophily for --user-homophily " + h);
        }
    }

    @Test
    void moreLabelsThanTheRarestClassHasIsRefusedWithTheFlagAndTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> UserGraphSettings.parse(
            new Flags(List.of("--user-rarest-labels", "500"))));
        assertTrue(e.getMessage().contains("--user-rarest-labels 500"), e.getMessage());
    }

    @Test
    void theFraudShapeHasFewPositivesADozenLabelsAndTheAskedShareOfPositiveNeighbours() {
        for (double h : new double[] {0.3, 0.7}) {
            UserGraph user = UserGraph.generate(UserGraphSettings.parse(new Flags(List.of("--user-shape", "fraud",
                "--user-nodes", "3000", "--user-positive-rate", "0.02", "--user-homophily", String.valueOf(h)))));
            GeneratedGraph g = user.graph();
            assertEquals(2, user.settings().classes());
            assertEquals(60, g.classSizes()[1]);
            assertEquals(12, user.labeledCount(1));
            int toPositive = 0;
            int ends = 0;
            int[] positiveNeighbours = new int[g.nodeCount()];
            for (int e = 0; e < g.relationshipCount(); e++) {
                int u = g.sources()[e];
                int v = g.targets()[e];
                for (int[] end : new int[][] {{u, v}, {v, u}}) {
                    if (g.classes()[end[0]] == 1) {
                        ends++;
                        toPositive += g.classes()[end[1]];
                        positiveNeighbours[end[0]] += g.classes()[end[1]];
                    }
                }
            }
            // Background edges to uniformly drawn nodes add about the positive rate on top of h.
            assertEquals(h, (double) toPositive / ends, 0.05, "share of positives' edges to positives, h " + h);
            for (int i = 0; i < g.nodeCount(); i++) {
                if (g.classes()[i] == 1) {
                    assertTrue(positiveNeighbours[i] >= 2, "every positive sits in a ring: node " + i);
                }
            }
        }
    }

    @Test
    void theFraudShapesFeaturesAreScalarsInUnitsOrdersOfMagnitudeApart() {
        UserGraph user = UserGraph.generate(UserGraphSettings.parse(new Flags(List.of("--user-shape", "fraud",
            "--user-nodes", "500", "--user-rarest-labels", "5"))));
        double small = 0;
        double large = 0;
        for (int i = 0; i < 500; i++) {
            float[] row = user.graph().features().row(i, user.graph().classes()[i]);
            small += Math.abs(row[0]);
            large += Math.abs(row[4]);
        }
        assertTrue(large > 1000 * small, "unit 1000 against unit 0.1: " + large + " vs " + small);
    }

    @Test
    void eachShapeRefusesTheOthersFlags() {
        IllegalArgumentException classes = assertThrows(IllegalArgumentException.class, () -> UserGraphSettings.parse(
            new Flags(List.of("--user-shape", "fraud", "--user-classes", "3"))));
        assertTrue(classes.getMessage().contains("--user-classes 3"), classes.getMessage());
        IllegalArgumentException ring = assertThrows(IllegalArgumentException.class, () -> UserGraphSettings.parse(
            new Flags(List.of("--user-ring-size", "4"))));
        assertTrue(ring.getMessage().contains("--user-ring-size 4 goes with --user-shape fraud"), ring.getMessage());
    }
}
