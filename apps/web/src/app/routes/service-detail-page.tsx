import { ServiceDetailPage } from '../../features/content/components/services-pages';

export default ServiceDetailPage;
