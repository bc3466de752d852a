package org.graphsha;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.EvaluationResult;

/**
 * The layering of docs/design.md as rules over the compiled main classes: the learning core imports
 * no Neo4j type, no package imports one above it, GDS internals stay in the GDS adapter, the engine
 * is started in one class, and nothing that a server loads depends on the tools.
 */
class ArchitectureTest {

    private static final String ROOT = "org.graphsha.";

    /** Each package and the packages it may use; everything else under org.graphsha is forbidden to it. */
    private static final Map<String, Set<String>> ALLOWED = new LinkedHashMap<>();

    static {
        ALLOWED.put("numeric", Set.of());
        ALLOWED.put("graph", Set.of("numeric"));
        ALLOWED.put("evaluation", Set.of());
        ALLOWED.put("data", Set.of("graph"));
        ALLOWED.put("diffusion", Set.of("graph"));
        ALLOWED.put("synthesis", Set.of("numeric", "graph", "diffusion"));
        ALLOWED.put("nn", Set.of("numeric", "graph"));
        ALLOWED.put("training", Set.of("numeric", "graph", "diffusion", "synthesis", "nn", "evaluation"));
        ALLOWED.put("method", Set.of("graph", "diffusion", "synthesis", "nn", "training", "evaluation"));
        ALLOWED.put("catalog", Set.of("graph", "nn"));
        ALLOWED.put("config", Set.of("graph", "data", "diffusion", "synthesis", "nn", "training", "method", "catalog"));
        ALLOWED.put("gds", Set.of("graph"));
        ALLOWED.put("store", Set.of("graph", "data"));
        ALLOWED.put("writeback", Set.of("graph", "store"));
        ALLOWED.put("pipeline", Set.of("numeric", "graph", "evaluation", "data", "diffusion", "synthesis", "nn",
            "training", "method", "catalog", "config", "gds", "store", "writeback"));
        ALLOWED.put("procedures", Set.of("numeric", "graph", "evaluation", "data", "diffusion", "synthesis", "nn",
            "training", "method", "catalog", "config", "gds", "store", "writeback", "pipeline"));
    }

    /** Packages whose code learns, and so must run without a database. */
    private static final List<String> CORE = List.of("numeric", "graph", "evaluation", "data", "diffusion", "synthesis",
        "nn", "training", "method", "catalog", "config");

    private static final JavaClasses MAIN = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("org.graphsha");

    @Test
    void theCoreImportsNoNeo4jType() {
        noClasses().that().resideInAnyPackage(packages(CORE))
            .should().dependOnClassesThat().resideInAPackage("org.neo4j..")
            .because("the learning core is unit-testable without a database (docs/design.md)")
            .check(MAIN);
    }

    @Test
    void noPackageImportsOneAboveIt() {
        List<String> failures = new ArrayList<>();
        for (Map.Entry<String, Set<String>> layer : ALLOWED.entrySet()) {
            List<String> forbidden = new ArrayList<>();
            for (String other : ALLOWED.keySet()) {
                if (!other.equals(layer.getKey()) && !layer.getValue().contains(other)) {
                    forbidden.add(ROOT + other + "..");
                }
            }
            forbidden.add(ROOT + "tools..");
            EvaluationResult result = noClasses().that().resideInAPackage(ROOT + layer.getKey() + "..")
                .should().dependOnClassesThat().resideInAnyPackage(forbidden.toArray(String[]::new))
                .because(layer.getKey() + " may use only " + layer.getValue() + " (docs/design.md)")
                .allowEmptyShould(true)
                .evaluate(MAIN);
            if (result.hasViolation()) {
                failures.add(result.getFailureReport().toString());
            }
            if (!MAIN.stream().anyMatch(c -> c.getPackageName().startsWith(ROOT + layer.getKey()))) {
                failures.add("package " + ROOT + layer.getKey() + " has no class: remove it from the layer table");
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void onlyTheGdsAdapterTouchesGdsInternals() {
        noClasses().that().resideOutsideOfPackages(ROOT + "gds..", ROOT + "procedures..", ROOT + "tools..")
            .should().dependOnClassesThat().resideInAPackage("org.neo4j.gds..")
            .because("one adapter owns GDS internals; procedures only receive GDS's injected context")
            .check(MAIN);
    }

    @Test
    void onlyEnginesStartsTheEngine() {
        noClasses().that().doNotHaveFullyQualifiedName(ROOT + "nn.Engines").and().resideOutsideOfPackage(ROOT + "tools..")
            .should().callMethod(ai.djl.engine.Engine.class, "getEngine", String.class)
            .orShould().callMethod(ai.djl.engine.Engine.class, "getInstance")
            .orShould().callMethod(System.class, "setProperty", String.class, String.class)
            .because("engine setup lives in one class, and the plugin sets no JVM-wide property")
            .check(MAIN);
    }

    private static String[] packages(List<String> names) {
        return names.stream().map(n -> ROOT + n + "..").toArray(String[]::new);
    }
}
