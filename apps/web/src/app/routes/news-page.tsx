import { NewsPage } from '../../features/content/components/news-page';
import type { PreparedPage } from '../prepared';
import { coverQuery } from '../../features/content/api/content.queries';
import { articles } from '../../features/content/news';

export default NewsPage;

export const prepared: PreparedPage = {
  data: () => {
    const covers = articles.slice(0, 3).map((a) => coverQuery(a.cover));
    return {
      queries: covers,
      image: (client) =>
        covers[0] ? { image: client.getQueryData(covers[0].queryKey), sizes: '(max-width: 1023px) 100vw, 60vw' } : undefined,
    };
  },
};
