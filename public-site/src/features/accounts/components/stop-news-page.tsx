import { useStopNews } from '../api/use-news';
import { StopLinkPage } from './stop-link-page';

/** /news/stop?token=… — the stop link of a news mail (issue 27). */
export default function StopNewsPage() {
  return <StopLinkPage texts="stopNews" useStop={useStopNews} />;
}
