// Python's round(x, ndigits) for a double: the exact decimal value of x rounded to ndigits
// places, an exact half going to the even neighbour (round(2.5) is 2, round(0.125, 2) is 0.12,
// but round(2.675, 2) is 2.67 because that double is a little below 2.675). JavaScript's
// toFixed rounds the exact value too but sends halves away from zero, so only exact halves need
// another look, and whether x is an exact half is decided from its binary form, not by arithmetic
// that could itself round.

/** x = mantissa * 2 ** exponent exactly, mantissa an odd integer (or 0). */
function binary(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & ((1n << 52n) - 1n);
  let exponent: number;
  if (biased === 0) exponent = -1074;
  else {
    mantissa |= 1n << 52n;
    exponent = biased - 1075;
  }
  if (mantissa === 0n) return { mantissa, exponent: 0 };
  while ((mantissa & 1n) === 0n) {
    mantissa >>= 1n;
    exponent++;
  }
  return { mantissa, exponent };
}

/** True when |x| * 10 ** digits is exactly an odd multiple of 1/2 (digits >= 0). */
function isExactHalf(x: number, digits: number): boolean {
  const { mantissa, exponent } = binary(Math.abs(x));
  if (mantissa === 0n) return false;
  // |x| * 10^d * 2 = mantissa * 5^d * 2^(exponent + d + 1); with mantissa odd it is an odd integer
  // exactly when the power of two is 2^0.
  return exponent + digits + 1 === 0;
}

export function pythonRound(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  if (digits < 0) {
    const f = 10 ** -digits;
    if (!Number.isFinite(f)) return x * 0;
    const q = x / f;
    const r = Math.round(q);
    // Math.round sends halves up; a half goes to the even neighbour.
    const even = Math.abs(q - Math.trunc(q)) === 0.5 ? 2 * Math.round(q / 2) : r;
    return even * f;
  }
  if (Math.abs(x) >= 1e21 || digits > 100) return x;
  const magnitude = Math.abs(x);
  let text = magnitude.toFixed(digits);
  if (isExactHalf(x, digits)) {
    // toFixed went away from zero; the even neighbour is the one towards zero when this is odd.
    const lastDigit = text.charCodeAt(text.length - 1) - 48;
    if (lastDigit % 2 === 1) {
      const exact = magnitude.toFixed(digits + 1); // exact here: the expansion ends with that 5
      text = exact.slice(0, digits === 0 ? -2 : -1);
    }
  }
  const r = Number(text);
  return x < 0 ? -r : r;
}
