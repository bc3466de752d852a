package org.graphsha.training;

/** The loss-based methods of ALGORITHM.md §5 (GraphSHA itself plugs in as a Synthesizer). */
public enum Method {
    VANILLA("vanilla"),
    REWEIGHT("reweight"),
    PC_SOFTMAX("pcSoftmax"),
    CB_LOSS("cbLoss"),
    FOCAL("focal"),
    RENODE("reNode");

    private final String id;

    Method(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static Method parse(String text) {
        for (Method m : values()) {
            if (m.id.equalsIgnoreCase(text)) {
                return m;
            }
        }
        throw new IllegalArgumentException("method must be one of vanilla, reweight, pcSoftmax, cbLoss, focal, reNode,"
            + " but was `" + text + "`");
    }
}
