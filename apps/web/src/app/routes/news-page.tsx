import { NewsPage } from '../../features/content/components/news-page';

export default NewsPage;
