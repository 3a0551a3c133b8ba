import { STOP_LINKS, StopLinkTokens } from '../users/stop-token';

/** The token of a news mail's "stop news" link (users/stop-token.ts: the reminders' link, with its own audience). */
export class NewsStopTokens extends StopLinkTokens {
  constructor(secret: string) {
    super(secret, STOP_LINKS.news);
  }
}
