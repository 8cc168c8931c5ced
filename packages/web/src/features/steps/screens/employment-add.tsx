import EmploymentScreen from './employment';

/** /employment-add/N: an earlier job or situation, asked as the current one is. */
export default EmploymentScreen;
