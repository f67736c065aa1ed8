// The clock offset (serverTime {clientTime, serverTime}): the server's time when the
// answer arrived is estimated as serverTime plus half the round trip.

export interface ServerTimeAnswer {
  readonly clientTime: number;
  readonly serverTime: number;
}

/** Milliseconds to add to the client's clock to read the server's. */
export function clockOffset(answer: ServerTimeAnswer, receivedAt: number): number {
  const roundTrip = Math.max(0, receivedAt - answer.clientTime);
  return Math.round(answer.serverTime + roundTrip / 2 - receivedAt);
}
