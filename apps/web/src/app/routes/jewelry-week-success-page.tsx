import { SubmitSuccessPage } from '../../features/jewelry-week/components/submit-success-page';

export default SubmitSuccessPage;
