package org.graphsha;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Every reference in the sources and docs resolves in a fresh clone: each {@code algorithm.md §N}
 * names a heading of docs/algorithm.md, and nothing cites the background files that only the
 * project's start had.
 */
class DocumentReferencesTest {

    /** A citation, possibly wrapped onto a comment's next line, and the sections listed after it. */
    private static final Pattern CITATION =
        Pattern.compile("algorithm\\.md\\)?((?:[\\s*,]|and|§ ?[0-9]+(?:\\.[0-9]+)*)*)");
    private static final Pattern SECTION = Pattern.compile("§ ?([0-9]+(?:\\.[0-9]+)*)");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{2,3} ([0-9]+(?:\\.[0-9]+)*)\\.? ");
    private static final Pattern BACKGROUND = Pattern.compile("ALGORITHM\\.md|PLATFORM\\.md|ARCHITECTURE\\.md"
        + "|\\.\\./shared(?!/datasets)");

    @Test
    void everyCitedSectionExistsInTheAlgorithmSpec() throws IOException {
        Set<String> headings = new HashSet<>();
        Matcher h = HEADING.matcher(Files.readString(Path.of("docs/algorithm.md")));
        while (h.find()) {
            headings.add(h.group(1));
        }
        assertTrue(headings.contains("4.4") && headings.contains("8.1"), "headings read: " + headings);
        List<String> missing = new ArrayList<>();
        int citations = 0;
        for (Path file : sourcesAndDocs()) {
            Matcher c = CITATION.matcher(Files.readString(file));
            while (c.find()) {
                Matcher s = SECTION.matcher(c.group(1));
                while (s.find()) {
                    citations++;
                    if (!headings.contains(s.group(1))) {
                        missing.add(file + ": §" + s.group(1));
                    }
                }
            }
        }
        assertTrue(citations > 50, "only " + citations + " section citations found: is the pattern still right?");
        assertTrue(missing.isEmpty(), "sections cited but not in docs/algorithm.md: " + missing);
    }

    @Test
    void nothingCitesFilesThatAFreshCloneLacks() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path file : sourcesAndDocs()) {
            List<String> lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                if (BACKGROUND.matcher(lines.get(i)).find()) {
                    found.add(file + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        assertTrue(found.isEmpty(), "references to files outside the repository:\n" + String.join("\n", found));
    }

    /** Java sources, resources and docs; the raw benchmark records keep the command lines they ran. */
    private static List<Path> sourcesAndDocs() {
        List<Path> files = new ArrayList<>();
        for (String root : List.of("src", "docs")) {
            try (Stream<Path> walk = Files.walk(Path.of(root))) {
                walk.filter(Files::isRegularFile)
                    .filter(p -> p.toString().matches(".*\\.(java|md|tsv|sh|py)$"))
                    .filter(p -> !p.startsWith(Path.of("docs", "benchmarks", "raw")))
                    .filter(p -> !p.endsWith("DocumentReferencesTest.java"))
                    .forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        files.add(Path.of("README.md"));
        return files;
    }
}
