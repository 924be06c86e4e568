// The sine and cosine of one angle in one call, which Swift cannot spell: glibc's `sincos` is
// a GNU extension that the Glibc module does not import. It computes both with the same
// reduction and polynomials as `sin` and `cos` (glibc's s_sincos.c), giving the same bits,
// for about the cost of one of them.
#ifndef QUARTZ_CORE_MODEL_SIN_COS_H
#define QUARTZ_CORE_MODEL_SIN_COS_H

/// The sine and the cosine of one angle.
typedef struct {
    double sine;
    double cosine;
} qc_SineAndCosine;

/// Returns the sine and the cosine of `angle` (radians). By value: a Swift caller passing the
/// addresses of its own variables got a stack-protector check for them, on the path of every
/// rotation an app makes.
static inline qc_SineAndCosine qc_sinCos(double angle) {
    qc_SineAndCosine result;
    __builtin_sincos(angle, &result.sine, &result.cosine);
    return result;
}

#endif
