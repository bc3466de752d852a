package org.graphsha.nn;

/**
 * Plain double-precision forward passes of GCN, SAGE and GAT over a dense adjacency, written
 * straight from docs/algorithm.md §2, to check the sparse engine implementation against.
 */
final class DenseBackboneReference {

    private DenseBackboneReference() {}

    /** in[i][j] = true when j sends a message to i (no self-loops). */
    static double[][] forward(BackboneKind kind, double[][] x, boolean[][] in, double[][] p, int hidden, int heads,
                              int classes, double[][] mask, GcnNormalization norm) {
        return switch (kind) {
            case GCN -> gcn(x, in, p, hidden, classes, mask, norm);
            case SAGE -> sage(x, in, p, hidden, classes, mask);
            case GAT -> gat(x, in, p, hidden, heads, classes, mask);
            // A backbone brings its own checks (its test runs its row forward against its engine forward).
            default -> throw new IllegalArgumentException("no dense reference for " + kind.id());
        };
    }

    private static double[][] gcn(double[][] x, boolean[][] in, double[][] p, int hidden, int classes, double[][] mask,
                                  GcnNormalization norm) {
        int n = x.length;
        double[][] a = new double[n][n];
        int[] deg = new int[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                deg[i] += in[i][j] ? 1 : 0;
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (in[i][j] || i == j) {
                    a[i][j] = norm == GcnNormalization.MEAN ? 1.0 / (deg[i] + 1)
                        : 1.0 / Math.sqrt((deg[i] + 1.0) * (deg[j] + 1.0));
                }
            }
        }
        double[][] h = addBias(mul(a, mul(x, p[0], hidden)), p[1]);
        h = activate(h, mask);
        return addBias(mul(a, mul(h, p[2], classes)), p[3]);
    }

    private static double[][] sage(double[][] x, boolean[][] in, double[][] p, int hidden, int classes, double[][] mask) {
        double[][] h = addBias(sageLayer(mul(x, p[0], 2 * hidden), in, hidden), p[1]);
        h = activate(h, mask);
        return addBias(sageLayer(mul(h, p[2], 2 * classes), in, classes), p[3]);
    }

    private static double[][] sageLayer(double[][] both, boolean[][] in, int width) {
        int n = both.length;
        double[][] out = new double[n][width];
        for (int i = 0; i < n; i++) {
            int deg = 0;
            for (int j = 0; j < n; j++) {
                if (in[i][j]) {
                    deg++;
                    for (int c = 0; c < width; c++) {
                        out[i][c] += both[j][c];
                    }
                }
            }
            for (int c = 0; c < width; c++) {
                out[i][c] = (deg == 0 ? 0 : out[i][c] / deg) + both[i][width + c];
            }
        }
        return out;
    }

    private static double[][] gat(double[][] x, boolean[][] in, double[][] p, int hidden, int heads, int classes,
                                  double[][] mask) {
        double[][] h = addBias(gatLayer(mul(x, p[0], hidden), in, p[1], p[2], heads, true), p[3]);
        h = activate(h, mask);
        return addBias(gatLayer(mul(h, p[4], classes), in, p[5], p[6], 1, false), p[7]);
    }

    private static double[][] gatLayer(double[][] h, boolean[][] in, double[] src, double[] dst, int heads, boolean concat) {
        int n = h.length;
        int ch = h[0].length / heads;
        double[][] out = new double[n][concat ? heads * ch : ch];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < heads; k++) {
                double ti = dot(h[i], k * ch, dst, k * ch, ch);
                double[] w = new double[n];
                double max = Double.NEGATIVE_INFINITY;
                for (int j = 0; j < n; j++) {
                    if (in[i][j] || i == j) {
                        double e = dot(h[j], k * ch, src, k * ch, ch) + ti;
                        w[j] = e > 0 ? e : 0.2 * e;
                        max = Math.max(max, w[j]);
                    }
                }
                double z = 0;
                for (int j = 0; j < n; j++) {
                    if (in[i][j] || i == j) {
                        w[j] = Math.exp(w[j] - max);
                        z += w[j];
                    } else {
                        w[j] = 0;
                    }
                }
                for (int j = 0; j < n; j++) {
                    for (int c = 0; c < ch; c++) {
                        double v = w[j] / z * h[j][k * ch + c];
                        if (concat) {
                            out[i][k * ch + c] += v;
                        } else {
                            out[i][c] += v / heads;
                        }
                    }
                }
            }
        }
        return out;
    }

    private static double dot(double[] a, int offA, double[] b, int offB, int len) {
        double s = 0;
        for (int c = 0; c < len; c++) {
            s += a[offA + c] * b[offB + c];
        }
        return s;
    }

    /** x (n x f) times row-major w (f x out). */
    static double[][] mul(double[][] x, double[] w, int out) {
        int n = x.length;
        int f = x[0].length;
        double[][] r = new double[n][out];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < f; k++) {
                if (x[i][k] != 0) {
                    for (int c = 0; c < out; c++) {
                        r[i][c] += x[i][k] * w[k * out + c];
                    }
                }
            }
        }
        return r;
    }

    static double[][] mul(double[][] a, double[][] b) {
        int n = a.length;
        int m = b[0].length;
        double[][] r = new double[n][m];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < b.length; k++) {
                for (int c = 0; c < m; c++) {
                    r[i][c] += a[i][k] * b[k][c];
                }
            }
        }
        return r;
    }

    private static double[][] addBias(double[][] h, double[] b) {
        for (double[] row : h) {
            for (int c = 0; c < row.length; c++) {
                row[c] += b[c];
            }
        }
        return h;
    }

    private static double[][] activate(double[][] h, double[][] mask) {
        for (int i = 0; i < h.length; i++) {
            for (int c = 0; c < h[i].length; c++) {
                h[i][c] = Math.max(0, h[i][c]) * (mask == null ? 1 : mask[i][c]);
            }
        }
        return h;
    }
}
