import { AllNewsPage } from '../../features/content/components/all-news-page';

export default AllNewsPage;
