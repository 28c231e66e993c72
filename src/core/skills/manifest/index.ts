// skill.yaml and *.chain.yaml: schemas, validation with source ranges, and the folder loader.
export * from './types';
export * from './problems';
export { YamlLocations, parseYamlWithLocations, type ScalarSite, type SourcePosition, type YamlSyntaxProblem } from './yamlLocations';
export { schemaProblems, type SchemaErrorContext } from './schemaErrors';
export { templateNames, type TemplateName } from './templateRefs';
export { checkOutputSchema } from './outputSchema';
export * from './validateManifest';
export * from './loadSkills';
export { KeywordIndex, normalKeyword, type KeywordOwner } from './keywordIndex';
export { missingDescriptionParts, vagueDescriptionReason } from './descriptionLint';
export { unknownVariables, type TemplateScope, type VariableShape, type VariableProblem } from './templateVariables';
