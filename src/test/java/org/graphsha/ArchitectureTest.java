package org.graphsha;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.lang.SimpleConditionEvent;

/**
 * The layering of docs/design.md as rules over the compiled main classes: the learning core imports
 * no Neo4j type, no package imports one above it, GDS internals stay in the GDS adapter, the engine
 * is started in one class, nothing that a server loads depends on the tools, and no static field
 * keeps state between calls.
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
        ALLOWED.put("gds", Set.of("numeric", "graph"));
        ALLOWED.put("store", Set.of("graph", "data"));
        ALLOWED.put("writeback", Set.of("graph", "store"));
        ALLOWED.put("live", Set.of("numeric", "graph", "nn", "training", "catalog", "config", "store"));
        ALLOWED.put("pipeline", Set.of("numeric", "graph", "evaluation", "data", "diffusion", "synthesis", "nn",
            "training", "method", "catalog", "config", "gds", "store", "writeback"));
        // The Spark job: the learning core on a Spark driver and its executors, never the server's adapters.
        ALLOWED.put("spark", Set.of("numeric", "graph", "evaluation", "data", "diffusion", "synthesis", "nn",
            "training", "method", "catalog", "config"));
        ALLOWED.put("procedures", Set.of("numeric", "graph", "evaluation", "data", "diffusion", "synthesis", "nn",
            "training", "method", "catalog", "config", "gds", "store", "writeback", "pipeline", "live"));
    }

    /**
     * Packages whose code learns, and so must run without a database; and live scoring's rows, which
     * are unit-tested without one although the package around them reads the database.
     */
    private static final List<String> CORE = List.of("numeric", "graph", "evaluation", "data", "diffusion", "synthesis",
        "nn", "training", "method", "catalog", "config", "live.rows");

    /** The one static field that may change: DJL keeps one engine per process, and so does its handle. */
    private static final String ENGINE_HANDLE = ROOT + "nn.Engines.engine";

    /** Classes of values that no caller can change. */
    private static final List<String> IMMUTABLE_VALUES = List.of("java.util.ImmutableCollections$",
        "java.util.Collections$Unmodifiable", "java.util.Collections$Empty", "java.util.Collections$Singleton");

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

    /**
     * The families inside training and synthesis (docs/design.md) depend on each other one way only: the
     * epoch loop uses the losses, augmentations and selection, never the reverse.
     */
    @Test
    void familiesInsideAPackageHaveNoCycles() {
        for (String layer : List.of("training", "synthesis")) {
            slices().matching(ROOT + layer + ".(*)..").should().beFreeOfCycles()
                .because("a family of " + layer + " is one step of the pipeline, not a peer of every other")
                .check(MAIN);
        }
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

    /**
     * No state outlives a call in a static field: what a server keeps between calls belongs to a Neo4j
     * extension with a lifecycle (docs/design.md, live scoring). A static field is final and holds a value
     * no caller can change: no array, no atomic, no collection or map but an unmodifiable one. The tools are
     * command-line programs, and the engine handle is DJL's own per-process state.
     */
    @Test
    void noMutableStaticFieldInPluginCode() {
        fields().that().areDeclaredInClassesThat().resideOutsideOfPackage(ROOT + "tools..")
            .and().areStatic()
            .and().doNotHaveModifier(JavaModifier.SYNTHETIC)
            .should(holdNoMutableState())
            .because("state kept between calls belongs to an extension with a lifecycle, sized by settings")
            .check(MAIN);
    }

    private static ArchCondition<JavaField> holdNoMutableState() {
        return new ArchCondition<>("be final and hold a value no caller can change") {
            @Override
            public void check(JavaField field, ConditionEvents events) {
                String name = field.getOwner().getName() + "." + field.getName();
                String problem = mutability(field);
                if (problem != null && !name.equals(ENGINE_HANDLE)) {
                    events.add(SimpleConditionEvent.violated(field, name + " " + problem));
                }
            }
        };
    }

    /** Why the static field can change, or null. */
    private static String mutability(JavaField field) {
        if (!field.getModifiers().contains(JavaModifier.FINAL)) {
            return "is not final";
        }
        Class<?> type = field.getRawType().reflect();
        if (type.isArray()) {
            return "is an array";
        }
        if (type.getPackageName().equals("java.util.concurrent.atomic")) {
            return "is an atomic";
        }
        if (!Collection.class.isAssignableFrom(type) && !Map.class.isAssignableFrom(type)) {
            return null;
        }
        try {
            Field reflected = field.reflect();
            reflected.setAccessible(true);
            Object value = reflected.get(null);
            String valueClass = value == null ? "" : value.getClass().getName();
            return value == null || IMMUTABLE_VALUES.stream().anyMatch(valueClass::startsWith) ? null
                : "holds a modifiable " + valueClass;
        } catch (IllegalAccessException e) {
            return "cannot be read to check its value: " + e;
        }
    }

    private static String[] packages(List<String> names) {
        return names.stream().map(n -> ROOT + n + "..").toArray(String[]::new);
    }
}
