// Stands in for Node built-ins that browser bundles reference but never reach.
export default {};
