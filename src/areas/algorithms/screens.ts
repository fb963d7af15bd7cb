/** The rate algorithms' screens (/algorithms/*), one lazily loaded chunk. */
export { AlgorithmAnalysisPage } from './AlgorithmAnalysisPage';
export { AlgorithmEditorPage } from './AlgorithmEditorPage';
export { AlgorithmGroupsPage } from './AlgorithmGroupsPage';
export { AlgorithmListPage } from './AlgorithmListPage';
export { AlgorithmRatesPage } from './AlgorithmRatesPage';
export { AlgorithmTestingPage } from './AlgorithmTestingPage';
export { OperationAlgorithmPage } from './OperationAlgorithmPage';
export { PbPropertiesPage } from './PbPropertiesPage';
