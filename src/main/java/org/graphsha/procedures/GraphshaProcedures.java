package org.graphsha.procedures;

import java.util.List;

/** Every procedure class of the plugin, for runners that register procedures explicitly. */
public final class GraphshaProcedures {

    public static final List<Class<?>> CLASSES = List.of(DatasetProc.class, SplitProc.class, ModelProc.class, TrainProc.class,
        PredictStreamProc.class, PredictWriteProc.class, PredictMutateProc.class, PredictStatsProc.class,
        PredictEstimateProc.class, SyntheticProc.class, TrainEstimateProc.class, NodePredictProc.class,
        ModelTransferProc.class, SysInfoProc.class);

    private GraphshaProcedures() {}
}
