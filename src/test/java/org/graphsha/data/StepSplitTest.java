package org.graphsha.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.graphsha.graph.Dataset;
import org.graphsha.testing.SharedDatasets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class StepSplitTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "photo,     180, 9,  4, 756,  760,  6134",
        "computers, 260, 13, 5, 1365, 1370, 11017",
        "cs,        240, 12, 7, 1776, 1814, 14743",
    })
    void matchesTheReferenceTable(String name, int major, int minor, int majors, int train, int val, int test) {
        Dataset d = KnownDataset.readFolder(name, SharedDatasets.require(name), false);
        SplitResult split = StepSplit.compute(d.classes(), d.classCount(), 20);
        int[] expected = new int[d.classCount()];
        for (int c = 0; c < expected.length; c++) {
            expected[c] = c < majors ? major : minor;
        }
        assertArrayEquals(expected, split.countPerClass(SplitRole.TRAIN));
        assertEquals(train, LongTailedSplitTest.sum(split.countPerClass(SplitRole.TRAIN)));
        assertEquals(val, LongTailedSplitTest.sum(split.countPerClass(SplitRole.VAL)));
        assertEquals(test, LongTailedSplitTest.sum(split.countPerClass(SplitRole.TEST)));
        assertArrayEquals(ReferenceTrainingNodes.read("reference-train-" + name + "-st.txt"),
            ReferenceTrainingNodes.of(split));
    }

    @Test
    void takesNodesInOrderAndBalancesValidation() {
        // 40 labeled nodes, 2 classes alternating: valid_each = 2, base = int(4 / (1 + 1*3)) = 1.
        int[] classes = new int[40];
        Arrays.setAll(classes, i -> i % 2);
        SplitResult split = StepSplit.compute(classes, 2, 3);
        assertArrayEquals(new int[] {3, 1}, split.countPerClass(SplitRole.TRAIN));
        assertArrayEquals(new int[] {2, 2}, split.countPerClass(SplitRole.VAL));
        assertEquals(SplitRole.TRAIN, split.roles()[0]);
        assertEquals(SplitRole.TRAIN, split.roles()[1]);
        assertEquals(SplitRole.VAL, split.roles()[3]);
    }
}
