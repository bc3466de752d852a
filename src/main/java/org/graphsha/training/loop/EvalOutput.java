package org.graphsha.training.loop;

/** Eval-mode logits of the real rows, row-major N x C, and when kept the X·W of layer 1 behind them (N x out). */
record EvalOutput(float[] logits, float[] projection) {}
