package org.graphsha.training.losses;

/**
 * GraphSmote's reconstruction error over a set of node pairs, Σ_p (σ(s_p) − t_p)² with s_p = P_i·H_j
 * for p = (i, j), where P = H·W is the decoder's projection, and its exact gradients with respect to
 * P and H. The trainer feeds the gradients back as constants (∂/∂P, ∂/∂H) so autograd carries them
 * on to W and the encoder.
 *
 * <p>Why here and not as engine ops: scoring 2E pairs on the engine gathers 2E rows of P and H and,
 * in the backward pass, scatters 2E gradient rows back with index accumulation. On Photo-ST (476k
 * pairs) that gather and scatter were about three quarters of GraphSmote's training step (JFR native
 * samples); this loop does the same arithmetic in one pass over the pairs without the row copies.
 */
public final class EdgeReconstruction {

    /** The error and its gradients, row-major like P and H. */
    public record Result(double value, float[] gradientP, float[] gradientH) {}

    private EdgeReconstruction() {}

    /**
     * @param p      row-major N x width projection H·W
     * @param h      row-major N x width embeddings
     * @param from   pair sources i (rows of P)
     * @param to     pair targets j (rows of H)
     * @param target t_p per pair, 1 for an edge and 0 for a non-edge
     */
    public static Result of(float[] p, float[] h, int width, int[] from, int[] to, float[] target) {
        if (p.length != h.length || p.length % width != 0) {
            throw new IllegalArgumentException("P and H must both be N x " + width + ", got " + p.length + " and "
                + h.length + " values");
        }
        float[] gradientP = new float[p.length];
        float[] gradientH = new float[h.length];
        double value = 0;
        for (int k = 0; k < from.length; k++) {
            int i = from[k] * width;
            int j = to[k] * width;
            float score = 0f;
            for (int c = 0; c < width; c++) {
                score += p[i + c] * h[j + c];
            }
            double sigmoid = 1 / (1 + Math.exp(-score));
            double error = sigmoid - target[k];
            value += error * error;
            // d/ds (σ(s) − t)² = 2 (σ(s) − t) σ(s) (1 − σ(s))
            float slope = (float) (2 * error * sigmoid * (1 - sigmoid));
            for (int c = 0; c < width; c++) {
                gradientP[i + c] += slope * h[j + c];
                gradientH[j + c] += slope * p[i + c];
            }
        }
        return new Result(value, gradientP, gradientH);
    }
}
