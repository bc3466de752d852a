package org.graphsha.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** The key table of {@code graphsha.train} in docs/procedures.md is the declaration of {@link TrainKeys}. */
class TrainKeysDocTest {

    private static final Pattern NAME = Pattern.compile("`([A-Za-z]+)`");

    /** The table's rows as "keys | default", in order. */
    private static List<String> documentedRows() throws IOException {
        List<String> rows = new ArrayList<>();
        for (String line : tableLines()) {
            String[] cells = line.split("\\|", -1);
            rows.add(cells[1].trim() + " | " + cells[2].trim());
        }
        return rows;
    }

    /** The lines of the key table of the graphsha.train section. */
    private static List<String> tableLines() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("docs/procedures.md"), StandardCharsets.UTF_8);
        int section = lines.indexOf("## graphsha.train");
        assertTrue(section >= 0, "docs/procedures.md has no section ## graphsha.train");
        int header = section;
        while (!lines.get(header).startsWith("| key | default |")) {
            header++;
        }
        List<String> rows = new ArrayList<>();
        for (int i = header + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            rows.add(lines.get(i));
        }
        return rows;
    }

    private static List<String> declaredRows() {
        List<String> rows = new ArrayList<>();
        for (List<Key<?>> row : TrainKeys.TABLE) {
            rows.add(String.join(", ", row.stream().map(k -> "`" + k.name() + "`").toList()) + " | "
                + row.get(0).documentedDefault());
        }
        return rows;
    }

    @Test
    void theDocumentedTableListsTheDeclaredKeysAndDefaultsInOrder() throws IOException {
        assertEquals(String.join("\n", declaredRows()), String.join("\n", documentedRows()),
            "docs/procedures.md's graphsha.train key table must match TrainKeys (names, order, defaults)");
    }

    @Test
    void theCandidateMethodsRowNamesTheKeysACandidateMaySet() throws IOException {
        String line = tableLines().stream().filter(l -> l.startsWith("| `candidateMethods` |")).findFirst()
            .orElseThrow();
        String marker = "such keys are those of how a model trains (";
        int start = line.indexOf(marker);
        assertTrue(start >= 0, line);
        String list = line.substring(start + marker.length(), line.indexOf(')', start));
        TreeSet<String> named = new TreeSet<>();
        Matcher m = NAME.matcher(list);
        while (m.find()) {
            named.add(m.group(1));
        }
        assertEquals(TrainKeys.PER_CANDIDATE, named);
    }

    @Test
    void anUnknownKeyIsRefusedWithEveryDeclaredKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> TrainConfig.of("g", Map.of("modelName", "m", "epoch", 3)));
        assertTrue(e.getMessage().startsWith("Unexpected configuration key `epoch` (did you mean `epochs`?)"),
            e.getMessage());
        String valid = e.getMessage().substring(e.getMessage().indexOf("Valid keys are: ") + 16);
        assertEquals(new TreeSet<>(TrainKeys.NAMES), new TreeSet<>(Arrays.asList(valid.split(", "))));
    }

    @Test
    void everyKeyIsDeclaredOnce() {
        assertEquals(TrainKeys.ALL.size(), TrainKeys.NAMES.size(), "a key is declared twice: " + TrainKeys.ALL);
    }
}
