package org.graphsha.data;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.IntStream;

/** The training node ids the reference code's split keeps, recorded in test resources. */
final class ReferenceTrainingNodes {

    private ReferenceTrainingNodes() {}

    static int[] read(String resource) {
        try (InputStream in = ReferenceTrainingNodes.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII).lines()
                .filter(line -> !line.startsWith("#"))
                .flatMap(line -> Arrays.stream(line.trim().split("\\s+")))
                .filter(token -> !token.isEmpty())
                .mapToInt(Integer::parseInt)
                .toArray();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read test resource " + resource, e);
        }
    }

    static int[] of(SplitResult split) {
        return IntStream.range(0, split.roles().length).filter(i -> split.roles()[i] == SplitRole.TRAIN).toArray();
    }
}
