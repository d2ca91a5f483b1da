import { AboutPage } from '../../features/content/components/about-page';

export default AboutPage;
