/** Ratings that cannot be analysed as given (not a bug): front ends show the message as is. */
export class AnalysisInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalysisInputError';
  }
}
