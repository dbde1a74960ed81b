/**
 * Factur-X 1.0.7+ (EN 16931 profile): the CII XML embedded as `factur-x.xml` with /AFRelationship /Data (the value
 * France uses; /Alternative is Germany's ZUGFeRD), and the XMP the standard requires: the PDF/A extension schema that
 * declares the `fx` namespace, then the four fx properties. pdfkit writes pdfaid (part 3, conformance B) itself.
 */
export const FACTURX_FILENAME = 'factur-x.xml'
const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#'

const property = (name: string, description: string) => `
              <rdf:li rdf:parseType="Resource">
                <pdfaProperty:name>${name}</pdfaProperty:name>
                <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                <pdfaProperty:category>external</pdfaProperty:category>
                <pdfaProperty:description>${description}</pdfaProperty:description>
              </rdf:li>`

export const FACTURX_XMP = `
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${property('DocumentFileName', 'The name of the embedded XML document')}${property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')}${property('Version', 'The actual version of the standard applying to the embedded XML document')}${property('ConformanceLevel', 'The conformance level of the embedded XML document')}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}">
          <fx:DocumentType>INVOICE</fx:DocumentType>
          <fx:DocumentFileName>${FACTURX_FILENAME}</fx:DocumentFileName>
          <fx:Version>1.0</fx:Version>
          <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>`

/** Embeds the XML and declares it in the XMP; call before `doc.end()`. */
export function embedFacturX(doc: PDFKit.PDFDocument, xml: string, modifiedDate: Date) {
  doc.file(Buffer.from(xml, 'utf8'), {
    name: FACTURX_FILENAME,
    type: 'text/xml',
    relationship: 'Data',
    description: 'Factur-X',
    creationDate: modifiedDate,
    modifiedDate,
  } as PDFKit.Mixins.PDFAttachmentOptions)
  doc.appendXML(FACTURX_XMP)
}
