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
}
