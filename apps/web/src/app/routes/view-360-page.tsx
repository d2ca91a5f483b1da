import { View360Page } from '../../features/catalog/components/view-360-page';

export default View360Page;
