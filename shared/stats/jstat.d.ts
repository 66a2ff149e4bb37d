/** The part of jstat (a CommonJS module without published types) that shared/stats/quantiles.ts uses. */
declare module 'jstat' {
  interface Distribution {
    inv(p: number, ...parameters: number[]): number;
    cdf(x: number, ...parameters: number[]): number;
  }
  const jStat: {
    centralF: Distribution;
    studentt: Distribution;
    normal: Distribution;
  };
  export default jStat;
}
