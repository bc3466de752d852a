package org.graphsha.catalog;

/**
 * A model with the user it belongs to. {@code username} is {@code ""} for the shared models: those
 * written with authentication off or before models had owners (docs/procedures.md).
 */
public record StoredModel(String username, TrainedModel model) {

    public boolean shared() {
        return username.isEmpty();
    }
}
