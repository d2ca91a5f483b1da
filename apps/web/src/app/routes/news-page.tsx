import { NewsPage } from '../../features/content/components/news-page';
import type { PreparedPage } from '../prepared';
import { coverQuery } from '../../features/content/api/content.queries';
import { articles } from '../../features/content/news';

export default NewsPage;

export const prepared: PreparedPage = {
  data: () => ({ queries: articles.slice(0, 3).map((a) => coverQuery(a.cover)) }),
};
