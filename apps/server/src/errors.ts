// Errors are values the caller can show: a module throws an AppError with the player-facing
// message (the spec's text where it has one) and the HTTP status; transports map it as is.

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code?: string): AppError => new AppError(400, message, code);
export const unauthorized = (message: string, code?: string): AppError => new AppError(401, message, code);
export const forbidden = (message: string, code?: string): AppError => new AppError(403, message, code);
export const notFound = (message: string, code?: string): AppError => new AppError(404, message, code);
export const conflict = (message: string, code?: string): AppError => new AppError(409, message, code);
