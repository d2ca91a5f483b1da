import { JewelryWeekPage } from '../../features/jewelry-week/components/jewelry-week-page';

export default JewelryWeekPage;
