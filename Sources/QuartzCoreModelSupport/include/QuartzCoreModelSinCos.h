// The sine and cosine of one angle in one call, which Swift cannot spell: glibc's `sincos` is
// a GNU extension that the Glibc module does not import. It computes both with the same
// reduction and polynomials as `sin` and `cos` (glibc's s_sincos.c), giving the same bits,
// for about the cost of one of them.
#ifndef QUARTZ_CORE_MODEL_SIN_COS_H
#define QUARTZ_CORE_MODEL_SIN_COS_H

/// Stores the sine and the cosine of `angle` (radians) at `sine` and `cosine`.
static inline void qc_sinCos(double angle, double *_Nonnull sine, double *_Nonnull cosine) {
    __builtin_sincos(angle, sine, cosine);
}

#endif
