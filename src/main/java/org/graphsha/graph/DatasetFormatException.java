package org.graphsha.graph;

/** A dataset file does not follow the documented CSV format; the message names file, line and problem. */
public class DatasetFormatException extends IllegalArgumentException {
    public DatasetFormatException(String message) {
        super(message);
    }
}
