package org.graphsha.gds;

import java.util.BitSet;
import java.util.Optional;

import org.neo4j.gds.api.DefaultValue;
import org.neo4j.gds.api.properties.nodes.DoubleArrayNodePropertyValues;
import org.neo4j.gds.api.properties.nodes.DoubleNodePropertyValues;
import org.neo4j.gds.api.properties.nodes.LongNodePropertyValues;
import org.neo4j.gds.api.properties.nodes.NodePropertyValues;

/**
 * GDS node property values over plain arrays indexed by the graph store's node id. Nodes outside the
 * call's selection have no value ({@code hasValue} false, GDS's fallback value), as GDS's own mutate
 * leaves them.
 */
final class ArrayPropertyValues {

    private ArrayPropertyValues() {}

    static NodePropertyValues longs(long[] values, BitSet present) {
        return new LongNodePropertyValues() {
            @Override
            public long longValue(long nodeId) {
                return present.get((int) nodeId) ? values[(int) nodeId] : DefaultValue.LONG_DEFAULT_FALLBACK;
            }

            @Override
            public boolean hasValue(long nodeId) {
                return present.get((int) nodeId);
            }

            @Override
            public long nodeCount() {
                return values.length;
            }
        };
    }

    static NodePropertyValues doubles(double[] values, BitSet present) {
        return new DoubleNodePropertyValues() {
            @Override
            public double doubleValue(long nodeId) {
                return present.get((int) nodeId) ? values[(int) nodeId] : DefaultValue.DOUBLE_DEFAULT_FALLBACK;
            }

            @Override
            public boolean hasValue(long nodeId) {
                return present.get((int) nodeId);
            }

            @Override
            public long nodeCount() {
                return values.length;
            }
        };
    }

    static NodePropertyValues doubleArrays(double[][] values, int dimension) {
        return new DoubleArrayNodePropertyValues() {
            @Override
            public double[] doubleArrayValue(long nodeId) {
                return values[(int) nodeId];
            }

            @Override
            public boolean hasValue(long nodeId) {
                return values[(int) nodeId] != null;
            }

            @Override
            public long nodeCount() {
                return values.length;
            }

            @Override
            public Optional<Integer> dimension() {
                return Optional.of(dimension);
            }
        };
    }
}
