package org.graphsha.method.selection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.method.Method;
import org.graphsha.method.MethodRun;
import org.graphsha.method.RunConfig;
import org.graphsha.nn.BackboneKind;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.training.CoraLt;
import org.graphsha.training.loop.EpochListener;
import org.graphsha.training.loop.TrainerOptions;
import org.junit.jupiter.api.Test;

/** Scored on the validation nodes, the chosen candidate's run is kept: it is the run a call naming that method makes. */
class KeptChosenRunTest {

    private static final int EPOCHS = 12;

    private static List<MethodCandidate> candidates(GraphSnapshot graph) {
        TrainerOptions options = TrainerOptions.defaults(BackboneKind.GCN).withEpochs(EPOCHS);
        SynthesisOptions synthesis = SynthesisOptions.defaults();
        NeighbourDistribution distribution = Method.GRAPHSHA.diffusion(graph, synthesis);
        return List.of(new MethodCandidate("vanilla", Map.of("method", "vanilla"),
                new RunConfig(Method.VANILLA, options, synthesis, 0), null),
            new MethodCandidate("graphsha", Map.of("method", "graphsha"),
                new RunConfig(Method.GRAPHSHA, options, synthesis, 0), distribution));
    }

    @Test
    void theChosenRunIsKeptAndEveryCandidateTrainsOnce() {
        GraphSnapshot graph = CoraLt.snapshot();
        List<MethodCandidate> candidates = candidates(graph);
        MethodCandidates validation = new MethodCandidates(List.of("vanilla", "graphsha"),
            CandidateScoring.VALIDATION, 3);
        int[] epochs = {0};
        EpochListener counting = report -> epochs[0]++;
        MethodCandidates.Scored scored = validation.scoreKeepingChosen(graph, candidates, 5, counting,
            CrossValidation.FoldListener.NONE);
        assertEquals(2 * EPOCHS, epochs[0], "one run per candidate");
        assertTrue(validation.keepsChosenRun(graph));
        MethodRun kept = scored.chosenRun();
        assertNotNull(kept);
        MethodCandidate chosen = candidates.get(scored.stats().winner());
        MethodRun again = chosen.run(graph, 5, EpochListener.NONE);
        assertArrayEquals(again.result().logits(), kept.result().logits());
        assertEquals(again.result().bestEpoch(), kept.result().bestEpoch());
        assertEquals(again.syntheticNodes(), kept.syntheticNodes());
        assertEquals(EPOCHS, kept.epochs());
        assertEquals(scored.stats().mean(scored.stats().winner()), kept.result().validation().balancedAccuracy(), 0);
    }

    @Test
    void graphShaRunsReportTheirSynthesis() {
        GraphSnapshot graph = CoraLt.snapshot();
        MethodRun run = candidates(graph).get(1).run(graph, 5, EpochListener.NONE);
        assertNotNull(run.synthesis());
        assertEquals(EPOCHS - 1, run.synthesis().epoch());
        assertTrue(run.syntheticNodes() > 0);
        assertNull(candidates(graph).get(0).run(graph, 5, EpochListener.NONE).synthesis());
    }

    @Test
    void afterCrossValidationNoRunIsKept() {
        GraphSnapshot graph = CoraLt.snapshot();
        MethodCandidates folds = new MethodCandidates(List.of("vanilla", "graphsha"), CandidateScoring.FOLDS, 2);
        assertFalse(folds.keepsChosenRun(graph));
        assertFalse(MethodCandidates.OFF.keepsChosenRun(graph));
        assertNull(folds.scoreKeepingChosen(graph, candidates(graph), 5, EpochListener.NONE,
            CrossValidation.FoldListener.NONE).chosenRun());
    }
}
