package org.graphsha.catalog;

import java.util.List;

/**
 * The projection a model was trained on, as {@code graphsha.model.list} shows it. Model files written
 * before these fields existed lack them: their name, labels and types are null, and their widths are
 * known only when the model has one feature property (the whole feature dimension).
 *
 * @param name              the GDS graph name
 * @param nodeLabels        the labels of the nodes trained on (the projection's, after the nodeLabels filter)
 * @param relationshipTypes the relationship types used (after the relationshipTypes filter)
 * @param featureWidths     the width of each feature property, in the model's featureProperties order
 */
public record TrainingGraph(String name, List<String> nodeLabels, List<String> relationshipTypes,
                            List<Integer> featureWidths) {

    /** What an older model file still tells: a single feature property is as wide as the whole input. */
    static TrainingGraph unknown(List<String> featureProperties, int featureDimension) {
        return new TrainingGraph(null, null, null, featureProperties.size() == 1 ? List.of(featureDimension) : null);
    }
}
