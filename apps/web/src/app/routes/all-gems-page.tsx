import { AllGemsPage } from '../../features/catalog/components/all-gems-page';

export default AllGemsPage;
