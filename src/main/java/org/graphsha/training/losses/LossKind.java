package org.graphsha.training.losses;

/** The loss-based methods of docs/algorithm.md §5 (GraphSHA itself plugs in as a Synthesizer). */
public enum LossKind {
    VANILLA("vanilla"),
    REWEIGHT("reweight"),
    PC_SOFTMAX("pcSoftmax"),
    CB_LOSS("cbLoss"),
    FOCAL("focal"),
    RENODE("reNode");

    private final String id;

    LossKind(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

}
