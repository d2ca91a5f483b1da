import { ServicesPage } from '../../features/content/components/services-pages';

export default ServicesPage;
