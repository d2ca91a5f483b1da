declare module 'gltf-validator' {
  interface ValidationMessage {
    code: string;
    message: string;
    severity: number;
    pointer?: string;
  }
  interface ValidationReport {
    issues: {
      numErrors: number;
      numWarnings: number;
      numInfos: number;
      numHints: number;
      messages: ValidationMessage[];
      truncated: boolean;
    };
  }
  const validator: {
    version(): string;
    validateBytes(
      data: Uint8Array,
      options?: {
        uri?: string;
        maxIssues?: number;
        ignoredIssues?: string[];
        externalResourceFunction?: (uri: string) => Promise<Uint8Array>;
      },
    ): Promise<ValidationReport>;
  };
  export default validator;
}
