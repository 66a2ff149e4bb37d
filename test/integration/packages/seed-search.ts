/** What a seed search against a package is judged by: how surprising its best candidate is by chance. */

/** P(X ≥ k) for X ~ Binomial(n, ½). */
export function upperTail(n: number, k: number): number {
  let coefficient = 1;
  let tail = 0;
  for (let i = 0; i <= n; i++) {
    if (i >= k) tail += coefficient;
    coefficient = (coefficient * (n - i)) / (i + 1);
  }
  return tail / 2 ** n;
}
