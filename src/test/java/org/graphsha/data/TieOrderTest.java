package org.graphsha.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.graphsha.graph.Dataset;
import org.junit.jupiter.api.Test;

class TieOrderTest {

    private static final Dataset CITESEER = KnownDataset.CITESEER.readBundled(false);

    private static SplitResult split(TieOrder ties) {
        return LongTailedSplit.compute(CITESEER.classes(), CITESEER.classCount(), CITESEER.publicSplit(),
            CITESEER.edges(), 100, ties);
    }

    @Test
    void ascendingIsTheDefaultSplit() {
        SplitResult byDefault = LongTailedSplit.compute(CITESEER.classes(), CITESEER.classCount(),
            CITESEER.publicSplit(), CITESEER.edges(), 100);
        assertArrayEquals(byDefault.roles(), split(TieOrder.ASCENDING).roles());
    }

    @Test
    void shuffledTiesKeepTheCountsButChangeWhichNodesStay() {
        SplitResult ascending = split(TieOrder.ASCENDING);
        SplitResult shuffled = split(TieOrder.shuffled(2));
        for (SplitRole role : SplitRole.values()) {
            assertArrayEquals(ascending.countPerClass(role), shuffled.countPerClass(role), role.name());
        }
        long changed = java.util.stream.IntStream.range(0, ascending.roles().length)
            .filter(i -> ascending.roles()[i] != shuffled.roles()[i]).count();
        assertTrue(changed > 0, "a shuffle of the tie order must move some removals");
        assertArrayEquals(shuffled.roles(), split(TieOrder.shuffled(2)).roles(), "same seed, same split");
        assertNotEquals(Arrays.asList(shuffled.roles()), Arrays.asList(split(TieOrder.shuffled(3)).roles()));
    }

    @Test
    void parsesBothFormsAndRejectsOthers() {
        assertEquals(TieOrder.ASCENDING, TieOrder.parse("ascending"));
        assertEquals(TieOrder.shuffled(7), TieOrder.parse("shuffled:7"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TieOrder.parse("shuffled:x"));
        assertTrue(e.getMessage().contains("`shuffled:x`") && e.getMessage().contains("ascending"), e.getMessage());
    }
}
